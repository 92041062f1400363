import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { LetterSettings, OrderLetter } from '../../../../../contract/letters';
import type { ResetPasswordWithOldRequest, UserDetailedInfo, UserSummary } from '../../../../../contract/user';
import { readGatewayError } from '../../../../../machines/shared/form-checks';
import { t } from '../../../../../services/i18n';
import { pictureDataUrl } from '../../../../../services/picture-file';
import { profileAccountCalls, type MainInfoBody } from '../../../../../services/profile-account';
import { showToast } from '../../../../../services/toasts';
import { useSessionActor } from '../../../../components/session-context';
import { detailedInfoKey, letterSettingsKey, sessionsKey } from './get-profile';

/**
 * A saved change of the user summary: the profile keeps it, and the header, which shows the session's user's name and
 * photo, loads the user again.
 */
export function useSummaryChange() {
  const client = useQueryClient();
  const session = useSessionActor();
  return (change: Partial<UserSummary>) => {
    client.setQueryData<UserDetailedInfo>(detailedInfoKey, (info) => info && { ...info, summary: { ...info.summary, ...change } });
    session.send({ type: 'session.reloadUser' });
  };
}

/** Names and gender (UpdateMainInfo); the form shows a refusal on the field it names. */
export function useUpdateMainInfo() {
  const changeSummary = useSummaryChange();
  return useMutation({
    mutationFn: (body: MainInfoBody) => profileAccountCalls().updateMainInfo(body),
    onSuccess: (_answer, body) => {
      showToast({ text: t('account.profile.main.saved'), kind: 'success' });
      changeSummary(body);
    },
  });
}

/** A new photo from a chosen file (checked before anything is sent), or none: the male/female default. */
export function useChangeAvatar() {
  const changeSummary = useSummaryChange();
  return useMutation({
    mutationFn: async (file: File | null) =>
      (file ? profileAccountCalls().uploadAvatar(await pictureDataUrl(file)) : profileAccountCalls().removeAvatar()),
    onSuccess: ({ avatar }, file) => {
      changeSummary({ avatar });
      showToast({ text: t(file ? 'account.profile.avatar.uploaded' : 'account.profile.avatar.removed'), kind: 'success' });
    },
  });
}

/** Some sessions ended: said in a toast, and their list is read again. */
function sessionsChanged(client: QueryClient, text: string) {
  showToast({ text, kind: 'success' });
  void client.invalidateQueries({ queryKey: sessionsKey });
}

/** ResetPasswordWithOld: the gateway ends the other sessions, so their list is read again. */
export function useChangePassword() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ResetPasswordWithOldRequest) => profileAccountCalls().changePassword(body),
    onSuccess: () => sessionsChanged(client, t('account.profile.password.changed')),
  });
}

/** Ends another session; the list is read again. */
export function useTerminateSession() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (sessionId: string) => profileAccountCalls().terminateSession(sessionId),
    onSuccess: () => sessionsChanged(client, t('account.profile.sessions.terminated')),
    onError: (error) => showToast({ text: readGatewayError(error).errorMessage || t('auth.errors.generic'), kind: 'error' }),
  });
}

/** The order letters the user turns off (SetLetterSettings); the card shows what the gateway kept. */
export function useSetMutedLetters() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (mutedLetters: OrderLetter[]) => profileAccountCalls().setMutedLetters(mutedLetters),
    onSuccess: (settings) => {
      client.setQueryData<LetterSettings>(letterSettingsKey, settings);
      showToast({ text: t('account.profile.letters.saved'), kind: 'success' });
    },
  });
}
