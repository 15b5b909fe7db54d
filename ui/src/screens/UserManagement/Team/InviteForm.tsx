import { useState, type FormEvent } from 'react';
import { Alert, Button, SelectField, TextField, useToast } from '../../../index';
import { errorText, useInviteTeamMember, type AccountRole } from '../../../api';
import { accountRoleChoices } from './teamTexts';
import * as styles from './Team.css';

/** Invite by email: the invitation is mailed, single-use, and expires in 7 days. */
export function InviteForm() {
  const [email, setEmail] = useState('');
  const [accountRole, setAccountRole] = useState<AccountRole>('member');
  const invite = useInviteTeamMember();
  const { toast } = useToast();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    invite.mutate(
      { email: email.trim(), accountRole },
      {
        onSuccess: (sent) => {
          toast({
            title: 'Invitation sent',
            description: `We emailed an invitation to ${sent.email}. It expires in 7 days.`,
            variant: 'success',
          });
          setEmail('');
        },
      },
    );
  };
  return (
    <form className={styles.stack} onSubmit={submit} aria-label="Invite a team member">
      <div className={styles.inviteForm}>
        <div className={styles.email}>
          <TextField
            label="Email address"
            type="email"
            required
            autoComplete="off"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
          />
        </div>
        <div className={styles.role}>
          <SelectField label="Role" value={accountRole} choices={accountRoleChoices} onChange={setAccountRole} />
        </div>
        <Button type="submit" loading={invite.isPending} disabled={!email.trim()}>
          Send invitation
        </Button>
      </div>
      {invite.isError ? (
        <Alert tone="critical" title="The invitation was not sent">
          {errorText(invite.error)}
        </Alert>
      ) : null}
    </form>
  );
}
