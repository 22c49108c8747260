import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { type ConvertedDocument, PAGE_SEPARATOR } from '../../src/pipeline/types.js';

/** Where tests point LLM_BASE_URL; msw answers for it inside the test process. */
export const LLM_BASE_URL = 'http://llm.test/v1';

export interface ChatCompletionRequest {
  readonly body: {
    model: string;
    messages: { role: string; content: string }[];
    temperature?: number;
    response_format?: {
      type: string;
      json_schema?: { name: string; schema: Record<string, unknown>; strict: boolean };
    };
  };
  readonly authorization: string | null;
}

type Responder = (request: ChatCompletionRequest, attempt: number) => Promise<Response> | Response;

/** An OpenAI-shaped answer whose message content is `content` (a string as is, anything else as JSON). */
export function chatAnswer(content: unknown, finishReason = 'stop'): Response {
  return HttpResponse.json({
    id: 'chatcmpl-test',
    object: 'chat.completion',
    choices: [
      {
        index: 0,
        message: { role: 'assistant', content: typeof content === 'string' ? content : JSON.stringify(content) },
        finish_reason: finishReason,
      },
    ],
  });
}

/**
 * A mocked OpenAI-compatible `/chat/completions` endpoint. Every request is recorded; `respond`
 * decides each answer. Any other request fails the test: nothing may reach the network.
 */
export function mockLlmEndpoint(respond: Responder) {
  const requests: ChatCompletionRequest[] = [];
  let responder = respond;
  const server = setupServer(
    http.post(`${LLM_BASE_URL}/chat/completions`, async ({ request }) => {
      const recorded: ChatCompletionRequest = {
        body: (await request.json()) as ChatCompletionRequest['body'],
        authorization: request.headers.get('authorization'),
      };
      requests.push(recorded);
      return responder(recorded, requests.length);
    }),
  );
  server.listen({ onUnhandledRequest: 'error' });
  return {
    requests,
    setResponder(next: Responder) {
      responder = next;
    },
    /** The user messages of request `index`, joined. */
    userText(index: number): string {
      return (requests[index]?.body.messages ?? [])
        .filter((message) => message.role === 'user')
        .map((message) => message.content)
        .join('\n');
    },
    close: () => server.close(),
  };
}

export function textDocument(...pages: string[]): ConvertedDocument {
  return { format: 'text', contentType: 'text/plain', pages, text: pages.join(PAGE_SEPARATOR) };
}
