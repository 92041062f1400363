import { useMutation } from '@tanstack/react-query';
import { staffCalls } from '../../../services/staff/staff-calls';
import { toStaffSignIn } from '../../../services/staff/staff-api';
import { useT } from '../../../services/i18n';
import { Button } from '../../components/ui/button';

/** Ends this staff session at the gateway; the tab forgets it even when the gateway could not be reached. */
export function SignOutButton() {
  const t = useT();
  const signOut = useMutation({ mutationFn: () => staffCalls().signOut(), onSettled: () => toStaffSignIn(false) });
  return <Button variant="secondary" busy={signOut.isPending} onClick={() => signOut.mutate()}>{t('staff.nav.signOut')}</Button>;
}
