import { describe, expect, it } from 'vitest';
import { DomainError } from '../../platform/domain/errors.js';
import { deciderSpec } from '../../platform/testing/decider-spec.js';
import { defaultEmailSettings, emailSettingsDecider } from './settings.js';
import { effectiveEmailSettings, whyNotSending } from './transport.js';

describe('e-mail settings', () => {
  const spec = deciderSpec(emailSettingsDecider);

  it('start from spec §9: port 587, 100 e-mails an hour, sending off', () => {
    expect(defaultEmailSettings).toMatchObject({ port: 587, maxEmailsPerHour: 100, isEnabled: false, provider: 'smtp' });
  });

  it('switch on only with a server and a sender, each missing field named', () => {
    const needsHost = 'Per attivare l’invio serve il server SMTP.';
    spec
      .given([])
      .when({ type: 'UpdateEmailSettings', changes: { isEnabled: true, fromAddress: 'a@b.it' } })
      .thenThrows(DomainError, { kind: 'rule', errors: { host: needsHost } });
    spec
      .given([])
      .when({ type: 'UpdateEmailSettings', changes: { isEnabled: true, host: 'smtp.b.it' } })
      .thenThrows(DomainError, { kind: 'rule' });
    spec
      .given([])
      .when({ type: 'UpdateEmailSettings', changes: { isEnabled: true, host: 'smtp.b.it', fromAddress: 'a@b.it', port: 587 } })
      .then([{ type: 'EmailSettingsUpdated', data: { changes: { isEnabled: true, host: 'smtp.b.it', fromAddress: 'a@b.it' } } }]);
  });

  it('take the SMTP_* variables over the fields only when told to', () => {
    const env = { SMTP_HOST: 'smtp.ambiente.it', SMTP_PORT: '2525', SMTP_PASSWORD: 'dall-ambiente', SMTP_FROM_ADDRESS: 'env@b.it' };
    const stored = { ...defaultEmailSettings, isEnabled: true, host: 'smtp.admin.it', fromAddress: 'admin@b.it' };
    expect(effectiveEmailSettings(stored, env)).toEqual(stored);
    expect(effectiveEmailSettings({ ...stored, useEnvironmentVars: true }, env)).toMatchObject({
      host: 'smtp.ambiente.it',
      port: 2525,
      password: 'dall-ambiente',
      fromAddress: 'env@b.it',
      fromName: 'Vicino',
    });
    expect(whyNotSending(effectiveEmailSettings({ ...defaultEmailSettings, isEnabled: true, useEnvironmentVars: true }, env))).toBeNull();
    expect(whyNotSending(defaultEmailSettings)).toMatch(/disattivato/);
  });
});
