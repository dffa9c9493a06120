import { EditorContent, useEditor, useEditorState } from "@tiptap/react";
import StarterKit from "@tiptap/starter-kit";
import { Bold, Heading2, Italic, Link2, List, ListOrdered, Quote, Redo2, Undo2, type LucideIcon } from "lucide-react";
import { useEffect } from "react";

interface RichTextEditorProps {
  /** The HTML the editor starts from (already cleaned by the server). */
  initial: string;
  /** Called with the editor's HTML after each change; the page keeps it in its form field. */
  onChange: (html: string) => void;
  labelledBy: string;
  describedBy?: string;
  /** New text from outside (the writing helper), put in place of what is there. */
  replacement?: { html: string; at: number } | null;
}

/**
 * The description editor of Partner Studio (TipTap): paragraphs, headings, bold, italic, lists,
 * quotes and links, the same marks the server keeps (`sanitizeDescription`). Loaded on Studio
 * pages only, in the browser; before it loads the page shows a plain text box with the same name.
 */
export default function RichTextEditor({
  initial,
  onChange,
  labelledBy,
  describedBy,
  replacement,
}: RichTextEditorProps) {
  const editor = useEditor({
    immediatelyRender: false,
    extensions: [
      StarterKit.configure({
        heading: { levels: [2, 3] },
        code: false,
        codeBlock: false,
        horizontalRule: false,
        link: { openOnClick: false, autolink: true, protocols: ["https", "mailto"] },
      }),
    ],
    content: initial,
    editorProps: {
      attributes: {
        role: "textbox",
        "aria-multiline": "true",
        "aria-labelledby": labelledBy,
        ...(describedBy ? { "aria-describedby": describedBy } : {}),
        class: "rich-text min-h-48 px-3 py-2 focus:outline-none",
      },
    },
    onUpdate: ({ editor: e }) => onChange(e.isEmpty ? "" : e.getHTML()),
  });

  useEffect(() => {
    if (!editor || !replacement) return;
    editor.commands.setContent(replacement.html, { emitUpdate: true });
  }, [editor, replacement]);

  const state = useEditorState({
    editor,
    selector: ({ editor: e }) =>
      e
        ? {
            bold: e.isActive("bold"),
            italic: e.isActive("italic"),
            heading: e.isActive("heading", { level: 2 }),
            bullets: e.isActive("bulletList"),
            numbers: e.isActive("orderedList"),
            quote: e.isActive("blockquote"),
            link: e.isActive("link"),
            canUndo: e.can().undo(),
            canRedo: e.can().redo(),
          }
        : null,
  });

  const setLink = () => {
    if (!editor) return;
    const current = (editor.getAttributes("link").href as string | undefined) ?? "https://";
    const href = window.prompt("Link address (https://…). Leave empty to remove the link.", current);
    if (href === null) return;
    if (href.trim() === "" || href.trim() === "https://") editor.chain().focus().unsetLink().run();
    else editor.chain().focus().extendMarkRange("link").setLink({ href: href.trim() }).run();
  };

  const tools: { label: string; Icon: LucideIcon; active?: boolean; disabled?: boolean; run: () => void }[] = editor
    ? [
        { label: "Bold", Icon: Bold, active: state?.bold, run: () => editor.chain().focus().toggleBold().run() },
        {
          label: "Italic",
          Icon: Italic,
          active: state?.italic,
          run: () => editor.chain().focus().toggleItalic().run(),
        },
        {
          label: "Heading",
          Icon: Heading2,
          active: state?.heading,
          run: () => editor.chain().focus().toggleHeading({ level: 2 }).run(),
        },
        {
          label: "Bulleted list",
          Icon: List,
          active: state?.bullets,
          run: () => editor.chain().focus().toggleBulletList().run(),
        },
        {
          label: "Numbered list",
          Icon: ListOrdered,
          active: state?.numbers,
          run: () => editor.chain().focus().toggleOrderedList().run(),
        },
        {
          label: "Quote",
          Icon: Quote,
          active: state?.quote,
          run: () => editor.chain().focus().toggleBlockquote().run(),
        },
        { label: "Link", Icon: Link2, active: state?.link, run: setLink },
        { label: "Undo", Icon: Undo2, disabled: !state?.canUndo, run: () => editor.chain().focus().undo().run() },
        { label: "Redo", Icon: Redo2, disabled: !state?.canRedo, run: () => editor.chain().focus().redo().run() },
      ]
    : [];

  return (
    <div className="mt-1 overflow-hidden rounded-xl border border-border bg-surface focus-within:border-brand">
      <div role="toolbar" aria-label="Formatting" className="flex flex-wrap gap-1 border-b border-border p-1">
        {tools.map(({ label, Icon, active, disabled, run }) => (
          <button
            key={label}
            type="button"
            title={label}
            aria-label={label}
            aria-pressed={active === undefined ? undefined : active}
            disabled={disabled}
            onClick={run}
            className={`grid size-9 place-items-center rounded-lg disabled:opacity-40 ${
              active ? "bg-brand-soft text-brand" : "text-fg-muted hover:bg-surface-2 hover:text-fg"
            }`}
          >
            <Icon aria-hidden className="size-4" />
          </button>
        ))}
      </div>
      <EditorContent editor={editor} />
    </div>
  );
}
