import { updateEmailSettings } from '../../src/modules/email/commands.js';
import { emailQueueChannel, enqueueEmail } from '../../src/modules/email/queue.js';
import { smtpTransport } from '../../src/modules/email/transport.js';
import { systemContext } from '../../src/platform/domain/context.js';
import { Cleanup } from './support/database.js';
import { runQueue, timed, withTimeout } from './support/measure.js';
import { formatNumber, formatRatio, Report } from './support/report.js';
import { startBenchSystem } from './support/server.js';
import { startSmtpSink } from './support/smtp-sink.js';

/*
 * npm run bench:email [-- --quick]: e-mails delivered a second by the app's own sender (queue in
 * PostgreSQL → claim → SMTP → noted sent and logged) to a loopback SMTP server that only counts,
 * with the hourly cap lifted, beside the same mails sent straight through nodemailer's pooled
 * transport with as many connections (no queue: the ceiling of SMTP on this machine). The queue's
 * effect on checkout is measured by `npm run bench:orders -- --mail` (order mails on vs off).
 */
const quick = process.argv.includes('--quick');
const mails = quick ? 1_000 : 5_000;
/** The sender's default (sender.ts): mails in flight at once, one pooled connection each. */
const connections = 5;

/** An order's mail as the customers get it: the seeded template, a typical size. */
const orderMail = (n: number) => ({
  template: 'ordine-ricevuto-cliente',
  to: { email: `cliente${n}@vicino.demo`, name: `Cliente ${n}` },
  data: {
    name: `Cliente ${n}`,
    orderNumber: `B${String(n).padStart(7, '0')}`,
    storeName: 'Bottega di Gianni',
    total: '€ 12,50',
    pickupCode: '123456',
    orderUrl: `http://localhost:3000/customer/orders/${n}`,
  },
  scheduledAt: new Date(),
});

async function main(): Promise<void> {
  const cleanup = new Cleanup();
  const report = new Report();
  try {
    const sink = await startSmtpSink();
    cleanup.add('close the SMTP sink', () => sink.close());
    const { database, system } = await startBenchSystem(cleanup);
    const { pool } = system;

    // The ceiling: the same rendered mails straight to the sink, `connections` at a time.
    const {
      rows: [template],
    } = await pool.query<{ html_content: string; text_content: string }>("SELECT html_content, text_content FROM email_templates WHERE name = 'ordine-ricevuto-cliente'");
    const direct = smtpTransport({ host: '127.0.0.1', port: sink.port, secure: false, user: '', password: null }, connections);
    cleanup.add('close the direct transport', async () => direct.close());
    console.error(`[bench] ${mails} mails straight through nodemailer, ${connections} pooled connections`);
    const baseline = await runQueue(mails, connections, async (n) => {
      await direct.sendMail({ from: 'ordini@vicino.demo', to: `cliente${n}@vicino.demo`, subject: `Ordine ${n}`, html: template!.html_content, text: template!.text_content });
      return 1;
    });

    console.error(`[bench] queueing ${mails} mails with sending off`);
    const before = sink.received();
    await runQueue(mails, 8, async (n) => {
      await enqueueEmail(pool, orderMail(n));
      return 0;
    });
    console.error('[bench] sending on, the hourly cap lifted: the app’s sender empties the queue');
    const { ms } = await timed(async () => {
      const position = await updateEmailSettings(
        system,
        { isEnabled: true, host: '127.0.0.1', port: sink.port, secure: false, user: '', fromAddress: 'ordini@vicino.demo', maxEmailsPerHour: 1_000_000 },
        systemContext(),
      );
      await system.projections.waitFor(position!, 30_000);
      await pool.query('SELECT pg_notify($1, $2)', [emailQueueChannel, '']);
      await withTimeout(sink.arrived(before + mails), 600_000, 'the sender');
    });
    const perSecond = (mails / ms) * 1000;
    const { rows: statuses } = await pool.query<{ status: string; n: number }>('SELECT status, count(*)::int AS n FROM email_queue GROUP BY status ORDER BY status');

    report.add({ measurement: `nodemailer straight to SMTP, ${connections} pooled connections`, value: formatNumber(baseline.perSecond), unit: 'mails/s' });
    report.add({
      measurement: 'the app’s sender, queue → SMTP, cap lifted',
      value: formatNumber(perSecond),
      unit: 'mails/s',
      baseline: formatNumber(baseline.perSecond),
      ratio: formatRatio(perSecond, baseline.perSecond),
      target: '≥ 200 mails/s',
      passed: perSecond >= 200,
    });
    report.detail(
      `${mails} mails of the seeded order template (${Math.round((template!.html_content.length + template!.text_content.length) / 1024)} KB before MIME), to a loopback SMTP server in a process of its own that only counts; ${database.description}`,
    );
    report.detail(`the queue afterwards (the sender notes a mail just after the server has it): ${statuses.map((s) => `${s.status} ${s.n}`).join(', ')}`);
    report.detail('checkout with order mails on vs off: npm run bench:orders -- --mail');
  } finally {
    console.log('\nE-mail benchmark\n');
    report.print();
    await cleanup.runAll();
  }
}

await main();
