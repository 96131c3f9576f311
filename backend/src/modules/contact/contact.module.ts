import { Module } from '@nestjs/common';
import { MailModule } from '../mail/mail.module.js';
import { ContactController } from './contact.controller.js';
import { ContactRepository } from './contact.repository.js';
import { ContactService } from './contact.service.js';
import { TurnstileVerifier } from './turnstile-verifier.js';

@Module({
  imports: [MailModule],
  controllers: [ContactController],
  providers: [ContactService, ContactRepository, TurnstileVerifier],
})
export class ContactModule {}
