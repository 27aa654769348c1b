import { describe, it } from 'vitest';
import { DomainError } from '../../platform/domain/errors.js';
import { deciderSpec } from '../../platform/testing/decider-spec.js';
import { webPushSettingsDecider, type WebPushSettingsEvent } from './web-push-settings.js';

describe('web push settings', () => {
  const spec = deciderSpec(webPushSettingsDecider);
  const keyed: WebPushSettingsEvent = { type: 'WebPushSettingsUpdated', data: { changes: { publicKey: 'pub', privateKey: 'priv' } } };

  it('records a new key pair', () => {
    spec.given([]).when({ type: 'ReplaceVapidKeys', publicKey: 'pub', privateKey: 'priv' }).then([keyed]);
  });

  it('cannot be switched on without keys and a contact', () => {
    const noKeys = 'Per attivare le notifiche push genera prima le chiavi VAPID.';
    spec
      .given([])
      .when({ type: 'UpdateWebPushSettings', changes: { isEnabled: true, contactEmail: 'a@b.it' } })
      .thenThrows(DomainError, { message: noKeys, kind: 'rule', errors: { isEnabled: noKeys } });
    const noContact = 'Per attivare le notifiche push serve un’e-mail di contatto per i servizi push.';
    spec
      .given([keyed])
      .when({ type: 'UpdateWebPushSettings', changes: { isEnabled: true } })
      .thenThrows({ message: noContact, errors: { contactEmail: noContact } });
    spec
      .given([keyed])
      .when({ type: 'UpdateWebPushSettings', changes: { isEnabled: true, contactEmail: 'a@b.it' } })
      .then([{ type: 'WebPushSettingsUpdated', data: { changes: { isEnabled: true, contactEmail: 'a@b.it' } } }]);
  });
});
