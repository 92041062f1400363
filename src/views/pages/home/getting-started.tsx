import type { Client } from '../../../contract/clients';
import type { ListFilterQuery } from '../../../machines/list-paging/list-paging-types';
import { clientsListFlow } from '../../../services/clients';
import { useT } from '../../../services/i18n';
import { LocalLink } from '../../components/local-link';
import { Icon, type IconName } from '../../components/ui/icon';
import { useListPreview } from './use-list-preview';

const ANY_CLIENT: ListFilterQuery = {};

interface Step {
  key: 'client' | 'project' | 'order';
  icon: IconName;
  /** Where the step's button leads: into the real flow. */
  action?: string;
  /** Where the knowledge centre explains it. */
  help: string;
}

const STEPS: readonly Step[] = [
  { key: 'client', icon: 'client', action: '/account/clients?create=1', help: '/help#help-payment' },
  { key: 'project', icon: 'board', action: '/wizard-board', help: '/help#help-files' },
  { key: 'order', icon: 'cart', help: '/help#help-statuses' },
];

/**
 * A new user's dashboard before anything happened: what to do next, each step a way into its flow. A user who
 * already belongs to a client (invited, or added one) sees that step done.
 */
export function GettingStarted() {
  const t = useT();
  const clients = useListPreview<Client>(clientsListFlow, ANY_CLIENT, 1);
  const hasClient = clients.status === 'loaded';
  return (
    <section className="card home-start" aria-labelledby="home-start">
      <h2 id="home-start">{t('pages.home.start.title')}</h2>
      <p className="home-start__lead">{t('pages.home.start.lead')}</p>
      <ol className="home-start__steps">
        {STEPS.map((step) => {
          const done = step.key === 'client' && hasClient;
          return (
            <li key={step.key} className={done ? 'home-step home-step--done' : 'home-step'}>
              <span className="home-step__icon"><Icon name={done ? 'check' : step.icon} size={22} /></span>
              <div className="home-step__body">
                <h3>{t(`pages.home.start.${step.key}.title`)}</h3>
                <p>{t(done ? 'pages.home.start.client.done' : `pages.home.start.${step.key}.text`)}</p>
                <div className="home-step__actions">
                  {step.action && !done ? (
                    <LocalLink to={step.action} className="ui-button ui-button--primary">{t(`pages.home.start.${step.key}.action`)}</LocalLink>
                  ) : null}
                  {done ? <LocalLink to="/account/clients">{t('pages.home.start.client.open')}</LocalLink> : null}
                  <LocalLink to={step.help}>{t(`pages.home.start.${step.key}.help`)}</LocalLink>
                </div>
              </div>
            </li>
          );
        })}
      </ol>
    </section>
  );
}
