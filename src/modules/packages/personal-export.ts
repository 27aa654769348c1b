import type { PersonalExport } from '../../platform/module.js';

/** The plans a person bought. (the person's export, GDPR artt. 15 and 20: issue [21].) */
export const packagesPersonalExport: PersonalExport = [
  {
    key: 'plans',
    title: 'Piani acquistati',
    about: 'I piani e i pacchetti che hai acquistato e fino a quando valgono.',
    tables: ['user_packages'],
    sql: `SELECT id, package_name AS "name", package_type AS "type", purchase_date AS "purchasedAt", expires_at AS "expiresAt", is_active AS "active",
                 payment_method AS "paymentMethod", amount_cents AS "amountCents"
          FROM user_packages WHERE user_id = $1::uuid ORDER BY purchase_date`,
    columns: [
      ['purchasedAt', 'Acquistato il', 'time'],
      ['name', 'Piano'],
      ['amountCents', 'Importo', 'money'],
      ['expiresAt', 'Scade il', 'time'],
      ['active', 'Attivo', 'yes-no'],
    ],
  },
];
