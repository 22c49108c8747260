import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';

/** Where tests point EMBEDDINGS_BASE_URL; msw answers for it inside the test process. */
export const EMBEDDINGS_BASE_URL = 'http://embeddings.test/v1';

export interface EmbeddingsRequest {
  readonly model: string;
  readonly input: string[];
  readonly authorization: string | null;
}

/**
 * A mocked OpenAI-compatible `/embeddings` endpoint. `respond` decides each answer (default:
 * a 3-dimensional vector per input, from letter counts, so similar texts get similar vectors);
 * every request is recorded.
 */
export function mockEmbeddingsEndpoint() {
  const requests: EmbeddingsRequest[] = [];
  let respond: (request: EmbeddingsRequest, attempt: number) => Promise<Response> | Response = (request) =>
    HttpResponse.json({
      object: 'list',
      data: request.input.map((text, index) => ({ object: 'embedding', index, embedding: letterVector(text) })),
      model: request.model,
    });
  const server = setupServer(
    http.post(`${EMBEDDINGS_BASE_URL}/embeddings`, async ({ request }) => {
      const body = (await request.json()) as { model: string; input: string[] };
      const recorded = { model: body.model, input: body.input, authorization: request.headers.get('authorization') };
      requests.push(recorded);
      return respond(recorded, requests.length);
    }),
  );
  server.listen({ onUnhandledRequest: 'bypass' });
  return {
    requests,
    /** Replaces how the endpoint answers; `attempt` counts every request so far, from 1. */
    setResponder(next: typeof respond) {
      respond = next;
    },
    defaultResponse(request: EmbeddingsRequest) {
      return HttpResponse.json({
        data: request.input.map((text, index) => ({ index, embedding: letterVector(text) })),
      });
    },
    close: () => server.close(),
  };
}

/** Counts of a, e and o (plus one, so no vector is zero): crude but deterministic. */
export function letterVector(text: string): number[] {
  const count = (letter: string) => text.split(letter).length;
  return [count('a'), count('e'), count('o')];
}
