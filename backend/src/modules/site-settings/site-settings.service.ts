import { HttpStatus, Inject, Injectable } from '@nestjs/common';
import {
  builtInClientLogoWidths,
  defaultSiteSettings,
  mediaSharedFormat,
  mediaVariantUrl,
  playbookDocumentPath,
  siteSettingsLimits,
  socialNetworks,
  siteSettingsMessages,
  type PlaybookDocumentSetting,
  type MediaFormat,
  type PublicSiteSettings,
  type SiteSettings,
  type SiteSettingsInput,
  type StaffUser,
} from '@northbeam/common';
import { randomUUID } from 'node:crypto';
import type { EntityManager } from 'typeorm';
import { VersionMemo } from '../../core/cache/version-memo.js';
import { APP_CONFIG, type AppConfig } from '../../core/config/config.js';
import { contentKeys } from '../../core/http/cdn-cache.js';
import { ApiError } from '../../core/http/api-error.js';
import { openTransaction } from '../../database/open-transaction.js';
import { ActivityService } from '../activity/activity.service.js';
import { ContentVersionService } from '../content-version/content-version.service.js';
import { MailService } from '../mail/mail.service.js';
import { MediaStorage, type StoredMediaObject } from '../media/media-storage.js';
import { NotificationsService } from '../notifications/notifications.service.js';
import {
  mailboxChangedOldMailboxMail,
  mailboxChangedStaffMail,
  mailboxChangeLine,
  type MailboxChange,
} from './site-settings.mails.js';
import { SiteSettingsRepository, type StoredSiteSettings } from './site-settings.repository.js';
import { Transactions } from '../../database/transactions.js';

/** Height the marquee draws a logo at; its width follows the image's proportions. */
const logoHeight = 48;

/**
 * Site settings (docs/product.md#site-settings): one record, read once per content version on each
 * instance (every save bumps the version, so every instance reads the new record within a second),
 * never once per request. Until a staff member saves it, the code's brand facts and the
 * environment's mailboxes (CONTACT_INBOX, PRIVACY_INBOX) are the settings; until a PDF is uploaded,
 * the playbook is the shipped one (PLAYBOOK_URL).
 */
@Injectable()
export class SiteSettingsService {
  private readonly memo = new VersionMemo<{ full: SiteSettings; public: PublicSiteSettings }>();

  constructor(
    private readonly repository: SiteSettingsRepository,
    private readonly activity: ActivityService,
    private readonly contentVersion: ContentVersionService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly storage: MediaStorage,
    private readonly notifications: NotificationsService,
    private readonly mail: MailService,
    private readonly transactions: Transactions,
  ) {}

  private defaults(): SiteSettings {
    return defaultSiteSettings({
      enquiryInbox: this.config.contactInbox,
      privacyInbox: this.config.privacyInbox,
      playbookUrl: this.config.playbookUrl,
    });
  }

  /**
   * The settings of the current content version: from the memo when it is warm (no query), else one
   * read shared by every request asking at the same time. Inside a transaction (its manager given,
   * or work of `Transactions.run`) it never awaits a read another request started outside the
   * transaction (that read waits for the connection the transaction holds: the embedded database has
   * only one): a cold read goes through the transaction's connection and is not memoised, since the
   * transaction may see its own uncommitted changes (`VersionMemo`).
   */
  private async current(manager?: EntityManager): Promise<{ full: SiteSettings; public: PublicSiteSettings }> {
    const transaction = openTransaction(manager);
    const version = await this.contentVersion.current(transaction);
    return this.memo.read(version, (through) => this.load(through), transaction);
  }

  private async load(manager?: EntityManager): Promise<{ full: SiteSettings; public: PublicSiteSettings }> {
    const row = await this.repository.findSettings(manager);
    const defaults = this.defaults();
    const document = row?.data.playbookDocument ?? null;
    const full: SiteSettings = row
      ? {
          ...defaults,
          ...row.data,
          social: { ...defaults.social, ...row.data.social },
          // Follows the upload (a record saved before uploads existed may still carry an address).
          playbookUrl: document ? `${this.config.publicUrl}${playbookDocumentPath}` : defaults.playbookUrl,
          playbookDocument: document,
          updatedAt: new Date(row.updated_at).toISOString(),
          updatedByName: row.updated_by_name,
        }
      : defaults;
    return { full, public: await this.toPublic(full, manager) };
  }

  private async toPublic(settings: SiteSettings, manager?: EntityManager): Promise<PublicSiteSettings> {
    const mediaIds = settings.clientLogos.flatMap((logo) => (logo.mediaId ? [logo.mediaId] : []));
    const media = new Map((await this.repository.findMedia(mediaIds, manager)).map((row) => [row.id, row]));
    const clientLogos: PublicSiteSettings['clientLogos'] = [];
    for (const logo of settings.clientLogos) {
      if (logo.mediaId) {
        const image = media.get(logo.mediaId);
        // An image deleted since is left out rather than shown broken.
        if (!image) continue;
        const width = Math.max(1, Math.round((image.width * logoHeight) / image.height));
        clientLogos.push({
          name: logo.name,
          src: mediaVariantUrl(image.id, 320, mediaSharedFormat(image.format as MediaFormat)),
          width,
        });
      } else if (logo.builtIn) {
        clientLogos.push({
          name: logo.name,
          src: `/images/clients/${logo.builtIn}.svg`,
          width: builtInClientLogoWidths[logo.builtIn],
        });
      }
    }
    return {
      email: settings.email,
      privacyEmail: settings.privacyEmail,
      phone: settings.phone,
      social: socialNetworks
        .filter((name) => settings.social[name])
        .map((name) => ({ name, href: settings.social[name] })),
      products: settings.products,
      studios: settings.studios,
      playbookUrl: settings.playbookUrl,
      clientLogos,
    };
  }

  /**
   * The record as staff edit it. Each reader takes the caller's transaction manager, if it has one:
   * see `current`.
   */
  async settings(manager?: EntityManager): Promise<SiteSettings> {
    return (await this.current(manager)).full;
  }

  /** What visitors' pages and mails show. */
  async publicSettings(manager?: EntityManager): Promise<PublicSiteSettings> {
    return (await this.current(manager)).public;
  }

  /** The mailbox of contact-form enquiries (an enquiry route for the service wins over it). */
  async enquiryInbox(manager?: EntityManager): Promise<string> {
    return (await this.settings(manager)).enquiryInbox;
  }

  async privacyInbox(manager?: EntityManager): Promise<string> {
    return (await this.settings(manager)).privacyInbox;
  }

  async playbookUrl(manager?: EntityManager): Promise<string> {
    return (await this.settings(manager)).playbookUrl;
  }

  /**
   * Saves the whole record: refuses a logo whose image left the library, logs `settings.updated`,
   * and bumps the content version with the `settings` key (every page shows the settings). A moved
   * mailbox (enquiries or privacy) is logged on its own line naming both addresses, and told in the
   * same transaction to every super admin (bell and mail, a notice nobody can turn off) and to the
   * old mailbox (mail): nobody can move the site's mail unseen.
   */
  async update(input: SiteSettingsInput, user: StaffUser): Promise<SiteSettings> {
    await this.transactions.run(async (manager) => {
      const locked = await this.repository.lockSettings(manager);
      const mediaIds = [...new Set(input.clientLogos.flatMap((logo) => (logo.mediaId ? [logo.mediaId] : [])))];
      const found = await this.repository.findMedia(mediaIds, manager);
      if (found.length !== mediaIds.length)
        throw new ApiError(HttpStatus.BAD_REQUEST, siteSettingsMessages.logoNotFound, {
          clientLogos: [siteSettingsMessages.logoNotFound],
        });
      const data: StoredSiteSettings = {
        email: input.email,
        privacyEmail: input.privacyEmail,
        phone: input.phone,
        social: Object.fromEntries(
          socialNetworks.map((name) => [name, input.social[name] ?? '']),
        ) as SiteSettingsInput['social'],
        products: input.products.map(({ name, description, href }) => ({ name, description, href })),
        studios: input.studios.map(({ id, name, blurb, href }) => ({ id, name, blurb, href })),
        // The playbook is changed by its own upload: a save keeps it.
        playbookDocument: locked?.data.playbookDocument ?? null,
        clientLogos: input.clientLogos.map(({ name, mediaId, builtIn }) => ({
          name,
          mediaId: mediaId ?? null,
          builtIn: mediaId ? null : (builtIn ?? null),
        })),
        enquiryInbox: input.enquiryInbox,
        privacyInbox: input.privacyInbox,
      };
      await this.repository.saveSettings(manager, data, user.name);
      await this.activity.record(manager, {
        actor: { id: user.id, name: user.name },
        action: 'settings.updated',
        target: { type: 'settings', id: 'site', label: 'Site settings' },
      });
      // What the mailboxes were before this save: the locked row, else the environment's defaults.
      const before = { ...this.defaults(), ...locked?.data };
      for (const mailbox of ['enquiryInbox', 'privacyInbox'] as const) {
        const change: MailboxChange = { mailbox, from: before[mailbox], to: data[mailbox] };
        if (change.from.toLowerCase() !== change.to.toLowerCase()) await this.tellMailboxChange(manager, change, user);
      }
      await this.contentVersion.bump([contentKeys.settings], manager);
    });
    this.memo.clear();
    return this.settings();
  }

  private async tellMailboxChange(manager: EntityManager, change: MailboxChange, user: StaffUser): Promise<void> {
    await this.activity.record(manager, {
      actor: { id: user.id, name: user.name },
      action: 'settings.mailbox_changed',
      target: { type: 'settings', id: 'site', label: mailboxChangeLine(change) },
    });
    const settingsUrl = `${this.config.publicUrl}/admin/settings`;
    await this.notifications.notify(
      manager,
      'mailbox_changed',
      { superAdmins: true },
      {
        title: `${user.name} changed the ${mailboxChangeLine(change).replace(/^./, (first) => first.toLowerCase())}`,
        path: '/admin/settings',
        mail: (recipient) => mailboxChangedStaffMail(change, user.name, recipient.email, settingsUrl),
      },
    );
    await this.mail.enqueue(manager, mailboxChangedOldMailboxMail(change, user.name));
  }

  /**
   * Replaces the playbook the gated download hands out with an uploaded PDF (at most
   * `playbookMaxBytes`, checked by its first bytes, not its name). The bytes go to the media storage
   * before the settings change (the storage writes through its own connection), and the previous
   * upload's bytes are removed once the change has committed. Logged, and the version is bumped.
   */
  async uploadPlaybook(file: UploadedPlaybook | undefined, user: StaffUser): Promise<SiteSettings> {
    if (!file || file.size === 0)
      throw new ApiError(HttpStatus.BAD_REQUEST, siteSettingsMessages.playbookMissing, {
        file: [siteSettingsMessages.playbookMissing],
      });
    if (file.size > siteSettingsLimits.playbookMaxBytes)
      throw new ApiError(HttpStatus.PAYLOAD_TOO_LARGE, siteSettingsMessages.playbookTooLarge);
    if (!file.buffer.subarray(0, 5).equals(pdfSignature))
      throw new ApiError(HttpStatus.BAD_REQUEST, siteSettingsMessages.playbookNotPdf, {
        file: [siteSettingsMessages.playbookNotPdf],
      });
    const id = randomUUID();
    await this.storage.put(playbookStorageKey(id), file.buffer, 'application/pdf');
    const document: PlaybookDocumentSetting = {
      id,
      fileName: playbookFileName(file.originalname),
      bytes: file.size,
      uploadedAt: new Date().toISOString(),
      uploadedByName: user.name,
    };
    try {
      await this.replacePlaybook(document, user, 'settings.playbook_uploaded', 'Playbook document');
    } catch (error) {
      await this.storage.removePrefix(playbookStorageKey(id));
      throw error;
    }
    return this.settings();
  }

  /** Back to the playbook shipped with the site (PLAYBOOK_URL); the upload's bytes are removed. */
  async resetPlaybook(user: StaffUser): Promise<SiteSettings> {
    await this.replacePlaybook(null, user, 'settings.playbook_reset', 'Playbook document');
    return this.settings();
  }

  private async replacePlaybook(
    document: PlaybookDocumentSetting | null,
    user: StaffUser,
    action: 'settings.playbook_uploaded' | 'settings.playbook_reset',
    label: string,
  ): Promise<void> {
    const previous = await this.transactions.run(async (manager) => {
      const locked = await this.repository.lockSettings(manager);
      const current = locked ? null : await this.settings(manager);
      const data: StoredSiteSettings = locked
        ? { ...(locked.data as StoredSiteSettings), playbookDocument: document }
        : { ...editableOf(current!), playbookDocument: document };
      await this.repository.saveSettings(manager, data, user.name);
      await this.activity.record(manager, {
        actor: { id: user.id, name: user.name },
        action,
        target: { type: 'settings', id: 'site', label: document ? `${label}: ${document.fileName}` : label },
      });
      // Every page offers the playbook (its address is part of the public settings).
      await this.contentVersion.bump([contentKeys.settings], manager);
      return locked?.data.playbookDocument ?? null;
    });
    this.memo.clear();
    if (previous && previous.id !== document?.id) await this.storage.removePrefix(playbookStorageKey(previous.id));
  }

  /** The uploaded playbook's bytes, or null when the shipped one is in use. */
  async playbookDocument(): Promise<{ document: PlaybookDocumentSetting; file: StoredMediaObject } | null> {
    const document = (await this.settings()).playbookDocument;
    if (!document) return null;
    const file = await this.storage.get(playbookStorageKey(document.id));
    return file ? { document, file } : null;
  }

  /** The shipped playbook's address (PLAYBOOK_URL): where the document's address leads without an upload. */
  shippedPlaybookUrl(): string {
    return this.config.playbookUrl;
  }
}

/** The uploaded file as the multipart parser gives it. */
export interface UploadedPlaybook {
  originalname: string;
  size: number;
  buffer: Buffer;
}

/** Every PDF starts with these bytes. */
const pdfSignature = Buffer.from('%PDF-', 'latin1');

function playbookStorageKey(id: string): string {
  return `documents/playbook/${id}.pdf`;
}

/** The name a download is saved under: the uploaded name cut to safe characters, ending in .pdf. */
function playbookFileName(original: string): string {
  const base = original
    .replace(/\.pdf$/i, '')
    .replace(/[^A-Za-z0-9._-]+/g, '-')
    .replace(/^[-.]+|[-.]+$/g, '')
    .slice(0, 80);
  return `${base || 'playbook'}.pdf`;
}

function editableOf(settings: SiteSettings): SiteSettingsInput {
  const {
    updatedAt: _updatedAt,
    updatedByName: _updatedByName,
    playbookUrl: _playbookUrl,
    playbookDocument: _playbookDocument,
    ...input
  } = settings;
  return input;
}
