import { useLocation } from 'wouter';
import {
  Button,
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
  useToast,
} from '../../index';
import {
  errorText,
  useResendUserVerification,
  useSetUserDisabled,
  useStartImpersonation,
  type AdminUser,
  type AuthUser,
} from '../../api';
import {
  IMPERSONATION_REDIRECT_MS,
  impersonationFailure,
  impersonationToasts,
} from '../../shared/auth/impersonationTexts';
import { fullName, type PendingAction } from './UserActionDialogs';
import * as styles from './UserManagement.css';

const isSuper = (role: AdminUser['role']) => role === 'super' || role === 'super_user';

/** Nobody acts on themselves; an admin never on a super user (pages.md §4). */
export const mayActOn = (me: AuthUser, target: AdminUser) =>
  target.id !== me.id && !(me.role === 'admin' && isSuper(target.role));

/**
 * A user's actions: "View as", and a menu with the rest. Changing a role (super users only), disabling
 * and deleting ask first (`onConfirm` opens the dialog); enabling and resending act at once.
 */
export function UserRowActions({
  me,
  user,
  onConfirm,
}: {
  me: AuthUser;
  user: AdminUser;
  onConfirm: (action: NonNullable<PendingAction>) => void;
}) {
  const start = useStartImpersonation();
  const setDisabled = useSetUserDisabled();
  const resend = useResendUserVerification();
  const { toast } = useToast();
  const [, navigate] = useLocation();
  const name = fullName(user);

  const viewAs = () =>
    start.mutate(user.id, {
      onSuccess: (answer) => {
        if (!answer?.impersonatedUser) {
          toast({
            title: impersonationToasts.failed,
            description: impersonationToasts.noUserData,
            variant: 'destructive',
          });
          return;
        }
        toast({ title: impersonationToasts.started, description: answer.message, variant: 'success' });
        // The page stays as it is until the redirect: the new identity is taken on leaving it.
        setTimeout(() => {
          start.switchToImpersonated(answer);
          navigate('/');
        }, IMPERSONATION_REDIRECT_MS);
      },
      onError: (error) =>
        toast({ title: impersonationToasts.failed, description: impersonationFailure(error), variant: 'destructive' }),
    });
  const enable = () =>
    setDisabled.mutate(
      { userId: user.id, disabled: false },
      {
        onSuccess: () =>
          toast({ title: 'User enabled', description: `${name} can sign in again.`, variant: 'success' }),
        onError: (error) => toast({ title: 'Not enabled', description: errorText(error), variant: 'destructive' }),
      },
    );
  const resendVerification = () =>
    resend.mutate(user.id, {
      onSuccess: (answer) => toast({ title: 'Verification sent', description: answer.message, variant: 'success' }),
      onError: (error) => toast({ title: 'Not sent', description: errorText(error), variant: 'destructive' }),
    });

  if (!mayActOn(me, user)) return null;
  return (
    <div className={styles.actions}>
      {user.disabled ? null : (
        <Button
          size="small"
          variant="secondary"
          onClick={viewAs}
          disabled={start.isPending}
          aria-label={`View as ${name}`}
        >
          View as
        </Button>
      )}
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button size="small" variant="ghost" aria-label={`More actions for ${name}`}>
            More
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent>
          {isSuper(me.role) ? (
            <DropdownMenuItem onSelect={() => onConfirm({ kind: 'role', user })}>Change role</DropdownMenuItem>
          ) : null}
          {user.emailVerified || user.disabled ? null : (
            <DropdownMenuItem onSelect={resendVerification}>Resend verification</DropdownMenuItem>
          )}
          {user.disabled ? (
            <DropdownMenuItem onSelect={enable}>Enable</DropdownMenuItem>
          ) : (
            <DropdownMenuItem onSelect={() => onConfirm({ kind: 'disable', user })}>Disable</DropdownMenuItem>
          )}
          <DropdownMenuItem tone="critical" onSelect={() => onConfirm({ kind: 'delete', user })}>
            Delete
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
    </div>
  );
}
