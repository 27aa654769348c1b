import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import { bodyOf, listenOnLoopback } from './loopback.js';

/*
 * A loopback server speaking the chat-completions HTTP API (POST /v1/chat/completions, OpenAI's
 * answer and error shapes), for the official `openai` SDK pointed at it through the OpenAI
 * settings' base URL, as a self-hosted compatible server (Ollama, llama.cpp) would be. It lives in
 * the tests only. The test says how it answers: a text, an HTTP error, an answer that never comes
 * (the client's timeout ends it), or whatever a function of the request gives.
 */

export interface ChatRequest {
  model: string;
  messages: { role: string; content: string }[];
  max_tokens?: number;
  temperature?: number;
  authorization: string | null;
}

export type ChatReply =
  /** A normal answer with this text as the assistant's message. */
  | { content: string }
  /** An HTTP error with OpenAI's error body. */
  | { status: number; message?: string }
  /** No answer until the client gives up (or the peer closes). */
  | { hang: true };

export interface ChatPeer {
  /** The API's root, for the settings' base URL (…/v1). */
  baseUrl: string;
  /** Every request received, in order. */
  requests: ChatRequest[];
  /** How the following requests are answered, until told otherwise (a reply, or one made from the request). */
  answer(reply: ChatReply | ((request: ChatRequest) => ChatReply)): void;
  close(): Promise<void>;
}

/**
 * What the peer answers unless told otherwise: the JSON the category and price functions ask
 * for, a plain Italian text for the others (so a demo or a browser journey pointed at the peer
 * sees every function work).
 */
export function plausibleReply(request: ChatRequest): ChatReply {
  const system = request.messages.find((m) => m.role === 'system')?.content ?? '';
  if (system.includes('"category"')) return { content: JSON.stringify({ category: 'Alimentari', tags: ['biologico', 'locale', 'artigianale'] }) };
  if (system.includes('"price"')) return { content: JSON.stringify({ price: 4.5, reason: 'Un prezzo vicino alla mediana dei negozi della zona resta competitivo.' }) };
  return { content: 'Un prodotto genuino, scelto con cura nel nostro negozio di quartiere.' };
}

export async function startChatPeer(): Promise<ChatPeer> {
  const requests: ChatRequest[] = [];
  let reply: (request: ChatRequest) => ChatReply = plausibleReply;

  const server = createServer((req, res) => {
    void (async () => {
      const body = await bodyOf(req);
      if (req.method !== 'POST' || !req.url?.endsWith('/v1/chat/completions')) {
        res.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { message: 'Not found', type: 'invalid_request_error', code: null } }));
        return;
      }
      const parsed = JSON.parse(body) as Omit<ChatRequest, 'authorization'>;
      const request: ChatRequest = { ...parsed, authorization: req.headers.authorization ?? null };
      requests.push(request);
      const chosen = reply(request);
      if ('hang' in chosen) return;
      if ('status' in chosen) {
        res
          .writeHead(chosen.status, { 'content-type': 'application/json' })
          .end(JSON.stringify({ error: { message: chosen.message ?? 'The server had an error', type: 'server_error', code: null } }));
        return;
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end(
        JSON.stringify({
          id: `chatcmpl-${randomBytes(8).toString('hex')}`,
          object: 'chat.completion',
          created: Math.floor(Date.now() / 1000),
          model: request.model,
          choices: [{ index: 0, message: { role: 'assistant', content: chosen.content, refusal: null }, logprobs: null, finish_reason: 'stop' }],
          usage: { prompt_tokens: 50, completion_tokens: 30, total_tokens: 80 },
        }),
      );
    })();
  });
  const port = await listenOnLoopback(server);

  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    answer(next) {
      reply = typeof next === 'function' ? next : () => next;
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
