import { type ChangeEvent, useRef, useState } from "react";
import { IMAGE_PROBLEM_MESSAGES, IMAGE_SIGNATURE_BYTES, imageFileProblem } from "~/domain/image-rules";

/**
 * A file input's check in the browser: the file chosen is judged as it is chosen, by the server's own rules and
 * words (the server still decides). One too big to send is then refused by name, beside its field, instead of by the
 * server's size limit on the request, whose 413 replaces the whole page with the error card and loses what was typed.
 * A refused file is taken off the input, so it is never sent.
 */
export function useChosenFileCheck(judge: (file: File) => string | null | Promise<string | null>) {
  const [problem, setProblem] = useState<string | null>(null);
  const latest = useRef<File | null>(null);
  const check = async (input: HTMLInputElement) => {
    setProblem(null);
    const file = input.files?.[0] ?? null;
    latest.current = file;
    if (!file) return;
    const found = await judge(file);
    // Another file chosen while this one was read: its own check answers for it.
    if (!found || latest.current !== file) return;
    setProblem(found);
    input.value = "";
  };
  return {
    /** What is wrong with the file last chosen, until another is chosen or the form is sent. */
    problem,
    onChange: (e: ChangeEvent<HTMLInputElement>) => void check(e.currentTarget),
    clear: () => setProblem(null),
  };
}

/** A judge for files whose only rule here is their size (a CSV file): `message` past `maxBytes`. */
export const noLargerThan = (maxBytes: number, message: string) => (file: File) =>
  file.size > maxBytes ? message : null;

/** A judge for pictures: the server's rules (size, and a JPEG or PNG by its first bytes) and its words. */
export async function judgeImageFile(file: File): Promise<string | null> {
  const head = new Uint8Array(await file.slice(0, IMAGE_SIGNATURE_BYTES).arrayBuffer());
  const problem = imageFileProblem({ size: file.size, head });
  return problem ? IMAGE_PROBLEM_MESSAGES[problem] : null;
}
