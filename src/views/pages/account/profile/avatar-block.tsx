import { useRef, type ChangeEvent } from 'react';
import type { UserSummary } from '../../../../contract/user';
import { readGatewayError } from '../../../../machines/shared/form-checks';
import { useT } from '../../../../services/i18n';
import { PICTURE_TYPES } from '../../../../services/picture-file';
import { PictureFileError } from '../../../../services/picture-file';
import { Avatar } from '../../../components/avatar';
import { Button } from '../../../components/ui/button';
import { useChangeAvatar } from './api/profile-mutations';

/** The photo, or the male/female default; upload checks type and size before anything is sent. */
export function AvatarBlock({ summary }: { summary: UserSummary }) {
  const t = useT();
  const input = useRef<HTMLInputElement>(null);
  const change = useChangeAvatar();
  const busy = change.isPending ? (change.variables ? 'uploading' : 'removing') : null;
  const { error } = change;
  const problem = !error ? null : error instanceof PictureFileError
    ? t(`account.profile.avatar.${error.problem}`)
    : readGatewayError(error).errorMessage || t('auth.errors.generic');

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // Cleared so that choosing the same file again after an error tries again.
    event.target.value = '';
    if (file) change.mutate(file);
  };

  return (
    <div className="profile-avatar" aria-busy={busy !== null || undefined}>
      <Avatar src={summary.avatar} isMale={summary.isMale} alt={t('account.profile.avatar.alt')} size={112} />
      <div className="profile-avatar__actions">
        <input
          ref={input}
          className="visually-hidden"
          type="file"
          accept={PICTURE_TYPES.join(',')}
          aria-label={t('account.profile.avatar.file')}
          tabIndex={-1}
          onChange={choose}
        />
        <Button variant="secondary" busy={busy === 'uploading'} disabled={busy !== null} onClick={() => input.current?.click()}>
          {t(busy === 'uploading' ? 'account.profile.avatar.uploading' : 'account.profile.avatar.upload')}
        </Button>
        {summary.avatar ? (
          <Button variant="link" busy={busy === 'removing'} disabled={busy !== null} onClick={() => change.mutate(null)}>
            {t(busy === 'removing' ? 'account.profile.avatar.removing' : 'account.profile.avatar.remove')}
          </Button>
        ) : null}
        {busy === 'uploading' ? <progress className="profile-avatar__progress" aria-label={t('account.profile.avatar.uploading')} /> : null}
        <p className="profile-avatar__hint">{t('account.profile.avatar.hint')}</p>
        {problem ? <p className="profile-avatar__error" role="alert">{problem}</p> : null}
      </div>
    </div>
  );
}
