import { z } from 'zod';
import { adminResource } from '../../platform/http/admin-rest-contract.js';
import { pageQuery } from '../../platform/http/paging.js';
import { api, get, idParams, isoTime, movesOf, post, statusesQuery, timestamps } from '../../platform/http/contract.js';
import { euroAmount, euros } from '../../platform/http/money.js';
import { coveringCollaborator } from '../collaborators/contract.js';
import { MAX_COMPENSATION_CENTS, MAX_DESCRIPTION, MAX_TITLE, taskStatuses, taskTypes } from './labels.js';
import { ofStore } from '../stores/contract.js';

const reason = z.string({ error: 'Motivo: campo obbligatorio.' }).trim().min(1, 'Motivo: campo obbligatorio.').max(500, 'Motivo: al massimo 500 caratteri.');

/**
 * POST /api/tasks: a delivery of one of the shop's shipping orders (handed to one collaborator, or
 * offered to those whose area holds both the shop and the address), or a piece of catalogue work
 * inside an assignment.
 */
export const newTask = z
  .strictObject({
    type: z.enum(taskTypes, { error: 'Tipo di attività: delivery o product_management.' }),
    orderId: z.uuid('Ordine: identificativo non valido.').optional(),
    assignmentId: z.uuid('Incarico: identificativo non valido.').optional(),
    /** Handed to this collaborator; absent for a delivery: offered to everyone covering the shop and the address. */
    collaboratorId: z.uuid('Collaboratore: identificativo non valido.').optional(),
    title: z.string({ error: 'Titolo: un testo.' }).trim().min(1, 'Titolo: campo obbligatorio.').max(MAX_TITLE, `Titolo: al massimo ${MAX_TITLE} caratteri.`).optional(),
    description: z.string({ error: 'Descrizione: un testo.' }).trim().max(MAX_DESCRIPTION, `Descrizione: al massimo ${MAX_DESCRIPTION} caratteri.`).default(''),
    deadline: z.iso.datetime({ offset: true, error: 'Scadenza: data e ora ISO 8601.' }),
    compensation: euroAmount(
      z
        .number({ error: 'Compenso: un importo in euro.' })
        .min(0, 'Compenso: non può essere negativo.')
        .max(MAX_COMPENSATION_CENTS / 100, `Compenso: al massimo ${MAX_COMPENSATION_CENTS / 100} €.`),
    ),
    credits: z.number({ error: 'Crediti: un numero intero.' }).int('Crediti: un numero intero.').min(0, 'Crediti: non negativi.').max(1000, 'Crediti: al massimo 1000.').default(0),
  })
  .superRefine((body, ctx) => {
    if (body.type === 'delivery' && !body.orderId) ctx.addIssue({ code: 'custom', path: ['orderId'], message: 'Ordine: obbligatorio per una consegna.' });
    if (body.type === 'product_management' && !body.assignmentId)
      ctx.addIssue({ code: 'custom', path: ['assignmentId'], message: 'Incarico: obbligatorio per un lavoro sul catalogo.' });
    if (body.type === 'product_management' && !body.title) ctx.addIssue({ code: 'custom', path: ['title'], message: 'Titolo: campo obbligatorio.' });
  });
export type NewTaskBody = z.output<typeof newTask>;

/** A task (spec §3 tasks) as its reader may see it: the customer's name and phone only for its collaborator and the shop (docs/api-tasks.md). */
export const task = z.object({
  id: z.uuid(),
  type: z.enum(taskTypes),
  title: z.string(),
  description: z.string(),
  status: z.enum(taskStatuses),
  ...ofStore,
  orderId: z.uuid().nullable(),
  assignmentId: z.uuid().nullable(),
  collaboratorId: z.uuid().nullable(),
  collaboratorName: z.string().nullable(),
  /** Offered to every collaborator covering the shop and the address (first to accept wins), or handed to one. */
  offered: z.boolean(),
  pickupAddress: z.string().nullable(),
  deliveryAddress: z.string().nullable(),
  pickupLatitude: z.number().nullable(),
  pickupLongitude: z.number().nullable(),
  deliveryLatitude: z.number().nullable(),
  deliveryLongitude: z.number().nullable(),
  /** From the shop to the delivery address. */
  distance: z.number().nullable(),
  deadline: isoTime,
  compensation: euros,
  credits: z.number().int(),
  customerName: z.string().nullable(),
  customerPhone: z.string().nullable(),
  /** The collaborator's view of an offered task another collaborator accepted. */
  takenByOther: z.boolean(),
  acceptedAt: isoTime.nullable(),
  startedAt: isoTime.nullable(),
  completedAt: isoTime.nullable(),
  cancelledAt: isoTime.nullable(),
  cancelReason: z.string().nullable(),
  ...timestamps,
});
export type Task = z.infer<typeof task>;

/** Spec §7 GET /api/collaborators/tasks: title, status, storeName, credits, createdAt (and a few more for the dashboard). */
export const collaboratorTask = task.pick({ id: true, type: true, title: true, status: true, storeName: true, credits: true, compensation: true, deadline: true, createdAt: true });

const listQuery = z.object({
  status: statusesQuery(taskStatuses, { example: 'pending,accepted', unknown: 'Stato dell’attività non valido.' }),
  ...pageQuery(200, 500),
  type: z.enum(taskTypes, { error: 'Tipo di attività: delivery o product_management.' }).optional(),
  orderId: z.uuid('Ordine: identificativo non valido.').optional(),
});

/** GET /api/tasks/couriers: whom the delivery of this order may be handed to. */
const couriersQuery = z.object({ orderId: z.uuid('Ordine: identificativo non valido.') });

const one = movesOf('/api/tasks/:id', task);
const admin = adminResource('/api/admin/tasks', task);

/** Issue [13]: deliveries of shipping orders and catalogue work, done by collaborators. */
export const tasksApi = api('attività e consegne', {
  list: get(
    '/api/tasks',
    'Le attività: del negozio (negoziante), mie e offerte nella mia zona (collaboratore), tutte (amministratore)',
    { 200: z.array(task) },
    { querystring: listQuery },
  ),
  couriers: get(
    '/api/tasks/couriers',
    'I collaboratori a cui il negoziante può affidare la consegna di un ordine: approvati, attivi, disponibili, che fanno consegne e la cui zona comprende il negozio e l’indirizzo; dal più vicino al negozio',
    { 200: z.array(coveringCollaborator) },
    { querystring: couriersQuery },
  ),
  get: get('/api/tasks/:id', 'Un’attività', { 200: task }, { params: idParams }),
  create: post('/api/tasks', 'Il negoziante affida una consegna o un lavoro sul catalogo, a un collaboratore o a chi copre la zona', { 201: task }, { body: newTask }),
  accept: one('accept', 'Il collaboratore accetta l’attività: per un’offerta alla zona vince il primo'),
  reject: one('reject', 'Il collaboratore a cui è affidata la rifiuta, con il motivo', z.object({ reason })),
  start: one('start', 'Il collaboratore inizia: per una consegna, ritira l’ordine in negozio (l’ordine passa «In consegna»)'),
  deliver: one(
    'deliver',
    'Il collaboratore consegna l’ordine con il codice di consegna del cliente: l’ordine è completato',
    z.strictObject({
      deliveryCode: z
        .string({ error: 'Codice di consegna: campo obbligatorio.' })
        .trim()
        .min(1, 'Codice di consegna: campo obbligatorio.')
        .max(20, 'Codice di consegna non valido.'),
    }),
  ),
  complete: one('complete', 'Il collaboratore completa un lavoro sul catalogo'),
  cancel: one('cancel', 'Il negoziante annulla l’attività prima che sia completata', z.object({ reason })),
  mine: get(
    '/api/collaborators/tasks',
    'Le attività del collaboratore (spec §7): titolo, stato, negozio, crediti, data; le più recenti prima (X-Total-Count)',
    { 200: z.array(collaboratorTask) },
    { querystring: z.object(pageQuery(200, 500)) },
  ),
  adminList: admin.list('Le attività per l’amministrazione, con filtri per tipo e stato e ricerca per negozio o collaboratore (Content-Range)'),
  adminGet: admin.get('Un’attività'),
});
