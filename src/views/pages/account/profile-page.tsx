import { LettersCard } from './profile/letters-card';
import { MainInfoCard } from './profile/main-info-card';
import { PasswordCard } from './profile/password-card';
import { ReserveContactsCard } from './profile/reserve-contacts-card';
import { SessionsCard } from './profile/sessions-card';
import './profile/profile.css';

/**
 * /account/profile: main info, password, reserve contacts, the order letters and active sessions,
 * one card above another.
 * Props are the router's PageProps; views may not import src/app, so the used part is written here.
 */
export default function ProfilePage({ title }: { title: string }) {
  return (
    <div className="page profile-page">
      <h1 className="page__title">{title}</h1>
      <div className="profile-page__cards">
        <MainInfoCard />
        <PasswordCard />
        <ReserveContactsCard />
        <LettersCard />
        <SessionsCard />
      </div>
    </div>
  );
}
