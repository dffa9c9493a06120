import type { WritingHelper } from "~/services/writing-helper";

export const WRITING_HELPER_TIMEOUT_MS = 20_000;

/**
 * The writing helper over an OpenAI-compatible `POST {baseUrl}/chat/completions` (OpenAI, Azure's
 * compatible endpoint, Ollama, vLLM, LM Studio). Never throws: a slow, failing or odd answer is null.
 */
export function createWritingHelper(
  config: { baseUrl: string; apiKey?: string; model: string },
  logger: { warn(fields: Record<string, unknown>, message: string): void },
  options: { timeoutMs?: number } = {},
): WritingHelper {
  const url = `${config.baseUrl.replace(/\/+$/, "")}/chat/completions`;
  return {
    async complete(chat) {
      try {
        const response = await fetch(url, {
          method: "POST",
          headers: {
            "Content-Type": "application/json",
            ...(config.apiKey ? { Authorization: `Bearer ${config.apiKey}` } : {}),
          },
          body: JSON.stringify({ model: config.model, messages: chat, max_tokens: 600, temperature: 0.7 }),
          signal: AbortSignal.timeout(options.timeoutMs ?? WRITING_HELPER_TIMEOUT_MS),
          redirect: "error",
        });
        if (!response.ok) {
          logger.warn({ status: response.status }, "writing helper answered with an error");
          return null;
        }
        const body = (await response.json()) as { choices?: { message?: { content?: unknown } }[] };
        const content = body.choices?.[0]?.message?.content;
        return typeof content === "string" && content.trim() ? content : null;
      } catch (error) {
        logger.warn({ err: error instanceof Error ? error.message : String(error) }, "writing helper did not answer");
        return null;
      }
    },
  };
}
