import { HttpStatus, Inject, Injectable } from '@nestjs/common';
import type { Request } from 'express';
import type { EntityManager } from 'typeorm';
import {
  messages,
  passwordProblem,
  roleLabels,
  staffLimits,
  staffMessages,
  teamMessages,
  type AcceptedInvitation,
  type InvitationDetails,
  type ListPage,
  type StaffMember,
  type StaffUser,
} from '@northbeam/common';
import { APP_CONFIG, type AppConfig } from '../../core/config/config.js';
import { ApiError } from '../../core/http/api-error.js';
import { ActivityService } from '../activity/activity.service.js';
import { AuthService } from '../auth/auth.service.js';
import { SessionsRepository } from '../auth/sessions.repository.js';
import { staffTarget } from '../auth/two-factor/two-factor.service.js';
import { MailService } from '../mail/mail.service.js';
import type { User } from '../users/entities/user.entity.js';
import { hashPassword } from '../users/password.js';
import { UsersRepository } from '../users/users.repository.js';
import { normaliseEmail, UsersService } from '../users/users.service.js';
import {
  mapStaffAccount,
  mapStaffRow,
  type AcceptInvitationDto,
  type InviteStaffDto,
  type ListStaffQueryDto,
  type UpdateStaffDto,
} from './dto/staff.dto.js';
import type { StaffToken } from './entities/staff-token.entity.js';
import { invitationMail, passwordResetMail } from './staff.mails.js';
import { StaffRepository } from './staff.repository.js';
import { hashLinkToken, isLinkTokenShaped, newLinkToken } from './staff-token.js';
import { isUuid } from '../../core/validation/uuid.js';
import { Transactions } from '../../database/transactions.js';

const hourMs = 60 * 60 * 1000;

/** Staff accounts managed in the admin: list, invitations, role, disable / enable, reset link, sign-out, removal. */
@Injectable()
export class StaffService {
  constructor(
    private readonly staffRepository: StaffRepository,
    private readonly usersRepository: UsersRepository,
    private readonly usersService: UsersService,
    private readonly sessionsRepository: SessionsRepository,
    private readonly authService: AuthService,
    private readonly activity: ActivityService,
    private readonly mailService: MailService,
    private readonly transactions: Transactions,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** A page of staff rows, each with the actions the asking staff member may take on it. */
  async list(query: ListStaffQueryDto, actor: StaffUser): Promise<ListPage<StaffMember>> {
    const page = query.page ?? 1;
    const pageSize = staffLimits.listPageSize;
    const [rows, total] = await this.staffRepository.findPage({
      search: query.q?.trim() || undefined,
      role: query.role,
      status: query.status,
      offset: (page - 1) * pageSize,
      limit: pageSize,
    });
    return { items: rows.map((row) => mapStaffRow(row, actor)), total, page, pageSize };
  }

  /** Mails a one-use link valid 72 hours; a newer invitation to the same address replaces an older one. */
  async invite(dto: InviteStaffDto, actor: StaffUser, now = new Date()): Promise<{ message: string }> {
    const email = normaliseEmail(dto.email);
    if (await this.usersRepository.findByEmail(email))
      throw new ApiError(HttpStatus.CONFLICT, staffMessages.staffEmailTaken);
    const { token, tokenHash } = newLinkToken();
    await this.transactions.run(async (manager) => {
      await this.staffRepository.deleteOpenInvitations(manager, email);
      const invitation = await this.staffRepository.addToken(manager, {
        kind: 'invitation',
        tokenHash,
        email,
        role: dto.role,
        userId: null,
        createdById: actor.id,
        expiresAt: new Date(now.getTime() + staffLimits.invitationHours * hourMs),
      });
      await this.mailService.enqueue(
        manager,
        invitationMail(this.config.publicUrl, email, token, dto.role, actor.name),
      );
      await this.activity.record(manager, {
        actor,
        action: 'staff.invited',
        target: { type: 'invitation', id: invitation.id, label: `${email} as ${roleLabels[dto.role]}` },
      });
    });
    return { message: staffMessages.invitationSent(email) };
  }

  async invitationDetails(token: string, now = new Date()): Promise<InvitationDetails> {
    const invitation = isLinkTokenShaped(token)
      ? await this.staffRepository.findToken('invitation', hashLinkToken(token))
      : null;
    if (!invitation || !isOpen(invitation, now)) throw new ApiError(HttpStatus.GONE, staffMessages.invitationInvalid);
    return { email: invitation.email, role: invitation.role! };
  }

  /** Creates the account from the invitation; the link is spent in the same transaction. */
  async acceptInvitation(
    request: Request,
    token: string,
    dto: AcceptInvitationDto,
    now = new Date(),
  ): Promise<AcceptedInvitation> {
    const problem = passwordProblem(dto.password);
    if (problem) throw new ApiError(HttpStatus.BAD_REQUEST, problem, { password: [problem] });
    if (!isLinkTokenShaped(token)) throw new ApiError(HttpStatus.GONE, staffMessages.invitationInvalid);
    const passwordHash = await hashPassword(dto.password);
    const account = await this.transactions.run(async (manager) => {
      const invitation = await this.staffRepository.findTokenForUpdate(manager, 'invitation', hashLinkToken(token));
      if (!invitation || !isOpen(invitation, now)) throw new ApiError(HttpStatus.GONE, staffMessages.invitationInvalid);
      const user = await this.usersService.addAccount(
        { email: invitation.email, name: dto.name, role: invitation.role!, passwordHash },
        () => new ApiError(HttpStatus.CONFLICT, staffMessages.staffEmailTaken),
        manager,
      );
      await this.staffRepository.markTokenUsed(manager, invitation.id, now);
      await this.activity.record(manager, {
        actor: user,
        action: 'staff.invitation_accepted',
        target: staffTarget(user),
      });
      return user;
    });
    // The new account's owner goes straight on into the admin, signed in.
    const user = await this.authService.signInInvitee(request, account, now);
    return { message: staffMessages.invitationAccepted, user };
  }

  /** Role change and disable / enable. Disabling ends the account's sessions in the same transaction. */
  async update(id: string, dto: UpdateStaffDto, actor: StaffUser, now = new Date()): Promise<StaffMember> {
    if (!isUuid(id)) throw new ApiError(HttpStatus.NOT_FOUND, staffMessages.staffNotFound);
    await this.transactions.run(async (manager) => {
      const target = await this.lockTarget(
        manager,
        id,
        dto.disabled === true || (dto.role !== undefined && dto.role !== 'super_admin'),
      );
      if (dto.role && dto.role !== target.role) {
        await this.usersRepository.setRole(manager, target.id, dto.role);
        await this.activity.record(manager, {
          actor,
          action: 'staff.role_changed',
          target: {
            ...staffTarget(target),
            label: `${staffTarget(target).label}: ${roleLabels[target.role]} → ${roleLabels[dto.role]}`,
          },
        });
      }
      if (dto.name !== undefined && dto.name !== target.name) {
        await this.usersRepository.setName(manager, target.id, dto.name);
        await this.activity.record(manager, {
          actor,
          action: 'staff.renamed',
          target: { ...staffTarget(target), label: `${target.name || target.email} → ${dto.name}` },
        });
      }
      if (dto.teamMemberId !== undefined && (dto.teamMemberId ?? null) !== target.teamMemberId) {
        const memberName = dto.teamMemberId ? await this.teamMemberName(manager, dto.teamMemberId) : null;
        await this.usersRepository.setTeamMember(manager, target.id, dto.teamMemberId ?? null);
        await this.activity.record(manager, {
          actor,
          action: 'staff.team_member_linked',
          target: { ...staffTarget(target), label: `${staffTarget(target).label} → ${memberName ?? 'no team member'}` },
        });
      }
      if (dto.disabled === true && !target.disabledAt) {
        await this.usersRepository.disable(manager, target.id, now);
        await this.sessionsRepository.endAllSessions(manager, target.id, 'staff disable', now);
        await this.activity.record(manager, { actor, action: 'staff.disabled', target: staffTarget(target) });
      }
      if (dto.disabled === false && target.disabledAt) {
        await this.usersRepository.enable(manager, target.id);
        await this.activity.record(manager, { actor, action: 'staff.enabled', target: staffTarget(target) });
      }
    });
    return this.memberById(actor, id);
  }

  /** Removes an account (its sessions end) or withdraws an open invitation. */
  async remove(id: string, actor: StaffUser, now = new Date()): Promise<void> {
    if (!isUuid(id)) throw new ApiError(HttpStatus.NOT_FOUND, staffMessages.staffNotFound);
    await this.transactions.run(async (manager) => {
      const invitation = await this.staffRepository.findOpenInvitation(id, manager);
      if (invitation) {
        await this.staffRepository.deleteToken(manager, invitation.id);
        await this.activity.record(manager, {
          actor,
          action: 'staff.removed',
          target: { type: 'invitation', id: invitation.id, label: invitation.email },
        });
        return;
      }
      const target = await this.lockTarget(manager, id, true);
      await this.sessionsRepository.endAllSessions(manager, target.id, 'staff removal', now);
      await this.usersRepository.delete(manager, target.id);
      await this.activity.record(manager, { actor, action: 'staff.removed', target: staffTarget(target) });
    });
  }

  /** Mails the account a password reset link (1 hour, one use). */
  async sendPasswordReset(id: string, actor: StaffUser, now = new Date()): Promise<void> {
    const target = isUuid(id) ? await this.usersRepository.findById(id) : null;
    if (!target) throw new ApiError(HttpStatus.NOT_FOUND, staffMessages.staffNotFound);
    await this.transactions.run(async (manager) => {
      await this.issuePasswordReset(manager, target, actor.id, now);
      await this.activity.record(manager, { actor, action: 'staff.password_reset_sent', target: staffTarget(target) });
    });
  }

  async signOutEverywhere(id: string, actor: StaffUser, now = new Date()): Promise<void> {
    const target = isUuid(id) ? await this.usersRepository.findById(id) : null;
    if (!target) throw new ApiError(HttpStatus.NOT_FOUND, staffMessages.staffNotFound);
    await this.transactions.run(async (manager) => {
      await this.sessionsRepository.endAllSessions(manager, target.id, 'staff sign-out everywhere', now);
      await this.activity.record(manager, {
        actor,
        action: 'staff.signed_out_everywhere',
        target: staffTarget(target),
      });
    });
  }

  /**
   * A new reset link for the account (earlier open ones stop working), mailed through the outbox.
   * An account without an id is the stand-in of an unknown address: the same work, rolled back by the caller.
   */
  async issuePasswordReset(
    manager: EntityManager,
    user: { id: string | null; email: string },
    createdById: string | null,
    now: Date,
  ): Promise<void> {
    const { token, tokenHash } = newLinkToken();
    if (user.id) await this.staffRepository.closePasswordResets(manager, user.id, now);
    await this.staffRepository.addToken(manager, {
      kind: 'password_reset',
      tokenHash,
      email: user.email,
      role: null,
      userId: user.id,
      createdById,
      expiresAt: new Date(now.getTime() + staffLimits.passwordResetMinutes * 60 * 1000),
    });
    await this.mailService.enqueue(manager, passwordResetMail(this.config.publicUrl, user.email, token));
  }

  /**
   * The account to change, locked. When the change takes the super admin role away (demotion,
   * disabling, removal) from an active super admin, it is refused if no other active super admin remains.
   */
  private async lockTarget(manager: EntityManager, id: string, changeRemovesRole: boolean): Promise<User> {
    const activeSuperAdmins = await this.usersRepository.lockActiveSuperAdmins(manager);
    const target = await this.usersRepository.findForUpdate(manager, id);
    if (!target) throw new ApiError(HttpStatus.NOT_FOUND, staffMessages.staffNotFound);
    const isActiveSuperAdmin = target.role === 'super_admin' && target.disabledAt === null;
    if (
      changeRemovesRole &&
      isActiveSuperAdmin &&
      activeSuperAdmins.filter((other) => other !== target.id).length === 0
    )
      throw new ApiError(HttpStatus.CONFLICT, staffMessages.lastSuperAdmin);
    return target;
  }

  /** The name of a team member, or 400 when there is none by that id. */
  private async teamMemberName(manager: EntityManager, id: string): Promise<string> {
    const name = await this.staffRepository.teamMemberName(manager, id);
    if (name === null)
      throw new ApiError(HttpStatus.BAD_REQUEST, messages.validationFailed, { teamMemberId: [teamMessages.notFound] });
    return name;
  }

  private async memberById(actor: StaffUser, id: string): Promise<StaffMember> {
    const user = await this.usersRepository.findById(id);
    if (!user) throw new ApiError(HttpStatus.NOT_FOUND, staffMessages.staffNotFound);
    return mapStaffAccount(user, actor);
  }
}

function isOpen(token: StaffToken, now: Date): boolean {
  return token.usedAt === null && token.expiresAt.getTime() > now.getTime();
}
