import { Global, Injectable, Module } from '@nestjs/common';
import type { ParsedMail } from 'mailparser';

/** A message fetched once from the connected mailbox (`INBOUND_IMAP_URL`), parsed by mailparser. */
export interface InboundMessage {
  /** The message's IMAP UID in the mailbox (with the mailbox's UIDVALIDITY it names the message once). */
  readonly uid: number;
  readonly parsed: ParsedMail;
  /** Size of the raw message in bytes. */
  readonly size: number;
}

/**
 * A module that may claim a fetched message before the enquiry threading sees it (newsletter bounces
 * and complaints, for example). `take` answers true when it recorded the message as its own: the
 * threading then leaves it alone. A handler never throws for a message it does not recognise.
 */
export interface InboundMailHandler {
  readonly name: string;
  take(message: InboundMessage): Promise<boolean>;
}

/**
 * The handlers that see each fetched message, in registration order, before the enquiry threading.
 * A module registers its handler in `onModuleInit`; the mailbox poller asks `list()` for each message.
 */
@Injectable()
export class InboundMailHandlers {
  private readonly handlers: InboundMailHandler[] = [];

  register(handler: InboundMailHandler): void {
    this.handlers.push(handler);
  }

  list(): readonly InboundMailHandler[] {
    return this.handlers;
  }
}

@Global()
@Module({ providers: [InboundMailHandlers], exports: [InboundMailHandlers] })
export class InboundMailHandlersModule {}
