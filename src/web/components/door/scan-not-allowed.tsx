import { SCAN_NOT_ALLOWED } from "~/domain/scanning";

/** The door closed to this device (spec §8 'Scan Not Allowed'), with why in a sentence. */
export function ScanNotAllowed({ why }: { why: string }) {
  return (
    <div className="grid min-h-dvh place-items-center bg-red-700 p-6 text-center text-white" role="alert">
      <div className="flex max-w-sm flex-col gap-3">
        <h1 className="text-3xl font-extrabold">{SCAN_NOT_ALLOWED}</h1>
        <p className="text-lg">{why}</p>
      </div>
    </div>
  );
}
