import { describe, expect, it } from 'vitest';
import { DomainError } from '../../platform/domain/errors.js';
import { deciderSpec } from '../../platform/testing/decider-spec.js';
import { renderEmail, templateVariables } from './render.js';
import { samplesFor } from './template-samples.js';
import { seededTemplates } from './seed-templates.js';
import { defaultEmailSettings, emailSettingsDecider } from './settings.js';
import { emailTemplateDecider } from './templates.js';
import { effectiveEmailSettings, whyNotSending } from './transport.js';

describe('e-mail settings', () => {
  const spec = deciderSpec(emailSettingsDecider);

  it('start from spec §9: port 587, 100 e-mails an hour, sending off', () => {
    expect(defaultEmailSettings).toMatchObject({ port: 587, maxEmailsPerHour: 100, isEnabled: false, provider: 'smtp' });
  });

  it('switch on only with a server and a sender, each missing field named', () => {
    const needsHost = 'Per attivare l’invio serve il server SMTP.';
    spec.given([]).when({ type: 'UpdateEmailSettings', changes: { isEnabled: true, fromAddress: 'a@b.it' } }).thenThrows(DomainError, { kind: 'rule', errors: { host: needsHost } });
    spec.given([]).when({ type: 'UpdateEmailSettings', changes: { isEnabled: true, host: 'smtp.b.it' } }).thenThrows(DomainError, { kind: 'rule' });
    spec.given([]).when({ type: 'UpdateEmailSettings', changes: { isEnabled: true, host: 'smtp.b.it', fromAddress: 'a@b.it', port: 587 } }).then([
      { type: 'EmailSettingsUpdated', data: { changes: { isEnabled: true, host: 'smtp.b.it', fromAddress: 'a@b.it' } } },
    ]);
  });

  it('take the SMTP_* variables over the fields only when told to', () => {
    const env = { SMTP_HOST: 'smtp.ambiente.it', SMTP_PORT: '2525', SMTP_PASSWORD: 'dall-ambiente', SMTP_FROM_ADDRESS: 'env@b.it' };
    const stored = { ...defaultEmailSettings, isEnabled: true, host: 'smtp.admin.it', fromAddress: 'admin@b.it' };
    expect(effectiveEmailSettings(stored, env)).toEqual(stored);
    expect(effectiveEmailSettings({ ...stored, useEnvironmentVars: true }, env)).toMatchObject({ host: 'smtp.ambiente.it', port: 2525, password: 'dall-ambiente', fromAddress: 'env@b.it', fromName: 'Vicino' });
    expect(whyNotSending(effectiveEmailSettings({ ...defaultEmailSettings, isEnabled: true, useEnvironmentVars: true }, env))).toBeNull();
    expect(whyNotSending(defaultEmailSettings)).toMatch(/disattivato/);
  });
});

describe('e-mail templates', () => {
  const spec = deciderSpec(emailTemplateDecider);

  it('record only the fields that change, and refuse changes to a deleted one', () => {
    const created = { type: 'EmailTemplateCreated' as const, data: { id: 'a', fields: seededTemplates[0]! } };
    spec.given([created]).when({ type: 'ChangeEmailTemplate', changes: { subject: seededTemplates[0]!.subject, isActive: false } }).then([
      { type: 'EmailTemplateChanged', data: { changes: { isActive: false } } },
    ]);
    spec.given([created, { type: 'EmailTemplateDeleted', data: {} }]).when({ type: 'ChangeEmailTemplate', changes: { isActive: false } }).thenThrows(DomainError, { kind: 'not-found' });
  });

  it('render their marks: values escaped in the HTML, sections only with a value, nothing left of a missing mark', () => {
    const template = { subject: 'Ordine {{orderNumber}}', htmlContent: '<p>{{name}}</p>{{#pickupCode}}<b>{{pickupCode}}</b>{{/pickupCode}}{{nope}}', textContent: '{{name}}{{#pickupCode}} codice {{pickupCode}}{{/pickupCode}}' };
    expect(renderEmail(template, { orderNumber: 'AB12', name: 'Lia <b>&', pickupCode: '123456' })).toEqual({
      subject: 'Ordine AB12',
      html: '<p>Lia &lt;b&gt;&amp;</p><b>123456</b>',
      text: 'Lia <b>& codice 123456',
    });
    expect(renderEmail(template, { orderNumber: 'AB12', name: 'Lia', pickupCode: null }).text).toBe('Lia');
  });
});

describe('a template’s variables, for the admin’s preview', () => {
  it('are named once each, in order, whether shown or tested, and previewed with example values', () => {
    const variables = templateVariables({ subject: 'Ordine {{orderNumber}}', htmlContent: '<p>{{name}}</p>{{#pickupCode}}{{pickupCode}}{{/pickupCode}}', textContent: '{{name}} {{coupon}}' });
    expect(variables).toEqual(['orderNumber', 'name', 'pickupCode', 'coupon']);
    expect(samplesFor(variables)).toEqual({ orderNumber: '3F2A9C1B', name: 'Giulia Bianchi', pickupCode: '4821', coupon: '[coupon]' });
  });
});
