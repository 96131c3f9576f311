import { Save } from '@/components/ui/icons';
import { mediaVariantUrl, teamMemberActions, type AdminTeamMember, type StaffUser } from '@northbeam/common';
import { ImageAddressField } from '@/components/admin/image-address-field';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Checkbox } from '@/components/ui/checkbox';
import type { DocumentEditorState } from '@/components/admin/document-editor/use-document-editor';
import { LinkedStaffCard } from './linked-staff-card';
import type { FormValues } from './team-member-form';

/**
 * The editor's side column (in the one edit view's): the photo, whether the member shows on the site (for those who manage the
 * team), the save button, and the staff accounts that write as this member.
 */
export function TeamMemberSide({
  user,
  saved,
  editor,
}: {
  user: StaffUser;
  saved: AdminTeamMember | null;
  editor: Pick<DocumentEditorState<FormValues>, 'values' | 'errors' | 'busy' | 'fieldId' | 'update'>;
}) {
  const { values, errors, fieldId, update } = editor;
  const busy = editor.busy !== null;
  // Shown and in the strips: only where the server's actions allow it (a new member: `teamMemberActions`).
  const manage = (saved?.actions ?? teamMemberActions(null, user)).includes('show_or_hide');
  return (
    <>
      <Card className="flex flex-col gap-5 p-6">
        <h2 className="heading-3">Photo</h2>
        <ImageAddressField
          id={fieldId('avatar')}
          label="Avatar"
          optional
          value={values.avatar}
          onChange={(avatar) => update({ avatar })}
          // An avatar is shown at most 160 px wide: the 320 px variant is enough.
          onPick={(image) => update({ avatar: mediaVariantUrl(image.id, 320, 'webp') })}
          alt={values.name || 'Avatar'}
          error={errors.avatar}
        />
      </Card>
      {manage ? (
        <Card className="flex flex-col gap-4 p-6">
          <h2 className="heading-3">On the site</h2>
          <label className="flex items-start gap-3 text-sm">
            <Checkbox checked={!values.hidden} onChange={(event) => update({ hidden: !event.target.checked })} />
            <span>
              <span className="font-medium text-ink">Shown</span>
              <span className="block text-ink-muted">On About, with a page of their own.</span>
            </span>
          </label>
          <label className="flex items-start gap-3 text-sm">
            <Checkbox
              checked={values.inStrip}
              disabled={values.hidden}
              onChange={(event) => update({ inStrip: event.target.checked })}
            />
            <span>
              <span className="font-medium text-ink">In the “Talk to the Team” strips</span>
              <span className="block text-ink-muted">On Home, About, Consulting, Immersive and Case studies.</span>
            </span>
          </label>
        </Card>
      ) : null}
      <Button type="submit" size="lg" disabled={busy} data-testid="save-team-member">
        <Save aria-hidden="true" />
        {busy ? 'Saving...' : saved ? 'Save changes' : 'Add team member'}
      </Button>
      {saved && user.permissions.staff === 'all' ? (
        <LinkedStaffCard member={saved} />
      ) : saved && saved.staff.length > 0 ? (
        <p className="text-sm text-ink-muted">
          Linked staff account: {saved.staff.map((account) => account.name).join(', ')}.
        </p>
      ) : null}
    </>
  );
}
