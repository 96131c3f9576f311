import type { EntityManager } from 'typeorm';
import { tableColumns, tableExists } from '../../../database/introspection.js';
import { rowCount } from '../../analytics/analytics.repository.js';
import type { PersonalDataEraser } from './personal-data-eraser.js';

/**
 * Analytics rows are personal when they carry the address (playbook and newsletter events send
 * `properties.email`) or the anonymous visitor id that the requester's browser attached to a
 * deletion request (sent only with analytics consent). Other rows are anonymous.
 */
export const analyticsEventsEraser: PersonalDataEraser = {
  tableName: 'analytics_events',
  async erase(manager, email) {
    const result = await manager.query<unknown>(
      `DELETE FROM "analytics_events"
        WHERE lower("properties"->>'email') = $1
           OR "visitor_id" IN (SELECT "visitor_id" FROM "deletion_requests" WHERE "email" = $1 AND "visitor_id" IS NOT NULL)
        RETURNING "id"`,
      [email],
    );
    return rowCount(result);
  },
};

/**
 * Erases the rows of a table owned by another module, keyed by an e-mail column. Runs only when the
 * table exists and has one of the candidate columns, so it is harmless before that module lands.
 */
export function emailColumnEraser(tableName: string, candidateColumns: string[]): PersonalDataEraser {
  return {
    tableName,
    async erase(manager: EntityManager, email: string) {
      if (!(await tableExists(manager, tableName))) return 0;
      const columns = await tableColumns(manager, tableName);
      const column = candidateColumns.find((candidate) => columns.has(candidate));
      if (!column) return 0;
      const result = await manager.query<unknown>(
        `DELETE FROM "${tableName}" WHERE lower(trim("${column}")) = $1 RETURNING 1`,
        [email],
      );
      return rowCount(result);
    },
  };
}

/**
 * Every table holding personal data, in the order they are erased. The analytics eraser reads the
 * visitor ids on deletion requests, so the requests' addresses are cleared afterwards by the service.
 * Adding a table is one line here.
 */
/** Outbox mails to the address, and mails about it (the company's notification of their enquiry). */
export const emailOutboxEraser: PersonalDataEraser = {
  tableName: 'email_outbox',
  async erase(manager, email) {
    if (!(await tableExists(manager, 'email_outbox'))) return 0;
    const pattern = `%${email.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
    const result = await manager.query<unknown>(
      `DELETE FROM "email_outbox" WHERE lower(trim("to_address")) = $1 OR lower("text_body") LIKE $2 OR lower("html_body") LIKE $2 RETURNING 1`,
      [email, pattern],
    );
    return rowCount(result);
  },
};

/**
 * Staff notes on the address's enquiries. They would go with the enquiries (foreign key cascade);
 * erasing them first counts them in the erasure's record. The assignment is a column of the
 * enquiry and goes with it.
 */
export const enquiryNotesEraser: PersonalDataEraser = {
  tableName: 'enquiry_notes',
  async erase(manager, email) {
    if (!(await tableExists(manager, 'enquiry_notes'))) return 0;
    const result = await manager.query<unknown>(
      `DELETE FROM "enquiry_notes"
        WHERE "enquiry_id" IN (SELECT "id" FROM "contact_messages" WHERE lower(trim("email")) = $1)
        RETURNING 1`,
      [email],
    );
    return rowCount(result);
  },
};

export const personalDataErasers: PersonalDataEraser[] = [
  analyticsEventsEraser,
  enquiryNotesEraser,
  emailColumnEraser('contact_messages', ['email']),
  emailColumnEraser('subscribers', ['email']),
  emailColumnEraser('playbook_downloads', ['email']),
  emailOutboxEraser,
];

export const PERSONAL_DATA_ERASERS = Symbol('PERSONAL_DATA_ERASERS');
