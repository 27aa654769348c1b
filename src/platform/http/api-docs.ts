import fastifySwagger from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

interface Schema {
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  enum?: unknown[];
  anyOf?: Schema[];
  format?: string;
}
interface Operation {
  summary?: string;
  description?: string;
  tags?: string[];
  parameters?: { name: string; in: string; required?: boolean; schema?: Schema }[];
  requestBody?: { content?: Record<string, { schema?: Schema }> };
}
interface Document {
  paths: Record<string, Record<string, Operation>>;
}

const escape = (text: string): string => text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);

/** A field's type as a person reads it: "testo", "numero", "sì/no", "elenco di testo", one of a list. */
function typeOf(schema: Schema | undefined): string {
  if (!schema) return 'qualsiasi';
  if (schema.enum) return schema.enum.map((v) => JSON.stringify(v)).join(' | ');
  if (schema.anyOf) return schema.anyOf.map(typeOf).join(' | ');
  const type = Array.isArray(schema.type) ? schema.type.filter((t) => t !== 'null')[0] : schema.type;
  switch (type) {
    case 'string':
      return schema.format ? `testo (${schema.format})` : 'testo';
    case 'number':
      return 'numero';
    case 'integer':
      return 'intero';
    case 'boolean':
      return 'sì/no';
    case 'array':
      return `elenco di ${typeOf(schema.items)}`;
    case 'object':
      return 'oggetto';
    default:
      return 'qualsiasi';
  }
}

function fields(rows: { name: string; where: string; required: boolean; schema?: Schema }[]): string {
  if (!rows.length) return '';
  return `<table><tr><th>campo</th><th>dove</th><th>tipo</th><th></th></tr>${rows
    .map((r) => `<tr><td><code>${escape(r.name)}</code></td><td>${r.where}</td><td>${escape(typeOf(r.schema))}</td><td>${r.required ? 'obbligatorio' : ''}</td></tr>`)
    .join('')}</table>`;
}

const where: Record<string, string> = { path: 'percorso', query: 'query', header: 'intestazione', cookie: 'cookie' };

/** The readable page of the OpenAPI document: every call by area, with what it takes. */
export function docsPage(doc: Document): string {
  const byArea = new Map<string, string[]>();
  for (const [path, operations] of Object.entries(doc.paths).sort(([a], [b]) => a.localeCompare(b))) {
    const area = Object.values(operations).find((op) => op.tags?.length)?.tags?.[0] ?? path.split('/')[2] ?? 'altro';
    for (const [method, op] of Object.entries(operations)) {
      const params = (op.parameters ?? []).map((p) => ({ name: p.name, where: where[p.in] ?? p.in, required: Boolean(p.required), schema: p.schema }));
      const body = op.requestBody?.content?.['application/json']?.schema;
      const bodyRows = Object.entries(body?.properties ?? {}).map(([name, schema]) => ({ name, where: 'corpo JSON', required: body?.required?.includes(name) ?? false, schema }));
      const list = byArea.get(area) ?? [];
      const about = `${op.summary ? `<p>${escape(op.summary)}</p>` : ''}${op.description ? `<p class="d">${escape(op.description)}</p>` : ''}`;
      list.push(`<section><h3><span class="m ${method}">${method.toUpperCase()}</span> <code>${escape(path)}</code></h3>${about}${fields([...params, ...bodyRows])}</section>`);
      byArea.set(area, list);
    }
  }
  const areas = [...byArea].map(([area, ops]) => `<h2 id="${escape(area)}">${escape(area)}</h2>${ops.join('')}`).join('');
  return `<!doctype html><html lang="it"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>API di Vicino</title><style>
body{font-family:system-ui,sans-serif;max-width:960px;margin:0 auto;padding:16px;line-height:1.5;color:#222}
h1{font-size:1.6rem}h2{margin-top:2rem;border-bottom:2px solid #FFD747;text-transform:capitalize}h3{font-size:1rem;font-weight:600;overflow-wrap:anywhere}
table{border-collapse:collapse;width:100%;font-size:.9rem;display:block;overflow-x:auto}td,th{border:1px solid #ddd;padding:4px 8px;text-align:left}
code{overflow-wrap:anywhere}.m{display:inline-block;min-width:4.5em;padding:1px 6px;border-radius:4px;background:#eee;font-size:.8rem}
.d{color:#555}.get{background:#e3f2fd}.post{background:#e8f5e9}.put,.patch{background:#fff3e0}.delete{background:#ffebee}
</style></head><body><h1>API di Vicino</h1>
<p>Tutte le chiamate sono sotto <code>/api</code>, con corpi JSON. L’accesso è con una sessione a cookie: <code>POST /api/login</code> con username e password, poi ogni chiamata manda il cookie ricevuto. Gli errori rispondono <code>{ "message": "…" }</code> in italiano (e <code>errors</code> per campo nei moduli): 400 dati non validi, 401 accesso richiesto, 403 non permesso, 404 non trovato, 409 conflitto, 422 regola non rispettata, 429 troppe richieste.</p>
<p>Il documento OpenAPI completo, per generare un client: <a href="/api/docs/json">/api/docs/json</a>. Le notifiche in tempo reale arrivano da <code>GET /api/notifications/stream</code> (Server-Sent Events) e, a pagina chiusa, come Web Push (<code>GET /api/push/config</code>, <code>POST /api/push/subscriptions</code>).</p>
<nav>${[...byArea.keys()].map((a) => `<a href="#${escape(a)}">${escape(a)}</a>`).join(' · ')}</nav>${areas}</body></html>`;
}

/**
 * The API's documentation for phone clients and integrators, made from the routes' own zod
 * schemas (so it cannot drift from what the server checks): the OpenAPI document at
 * /api/docs/json (and its first address, /api/openapi.json) and a readable page at /api/docs.
 * Registered before the routes it describes.
 */
export async function registerApiDocs(app: FastifyInstance): Promise<void> {
  await app.register(fastifySwagger, {
    openapi: { info: { title: 'Vicino API', description: 'Il marketplace dei negozi di quartiere: tutte le chiamate del sito e dell’app.', version: '1' } },
    // The API only: the web app's pages and files are served from the same server.
    transform: (input) => (input.url.startsWith('/api/') ? jsonSchemaTransform(input) : { schema: { ...input.schema, hide: true }, url: input.url }),
  });
  app.get('/api/docs/json', { schema: { hide: true } }, () => app.swagger());
  app.get('/api/openapi.json', { schema: { hide: true } }, () => app.swagger());
  app.get('/api/docs', { schema: { hide: true } }, (_request, reply) => reply.type('text/html; charset=utf-8').send(docsPage(app.swagger() as unknown as Document)));
}
