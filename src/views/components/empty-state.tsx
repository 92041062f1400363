import { useT } from '../../services/i18n';
import { LocalLink } from './local-link';
import { Icon, type IconName } from './ui/icon';
import './ui/ui.css';

/** The optional button: a link inside the portal, or an action of the page. */
export type EmptyStateAction =
  | { label: string; to: string; icon?: IconName }
  | { label: string; onClick: () => void; icon?: IconName };

interface EmptyStateProps {
  /** Defaults to 'Список пуст'. */
  title?: string;
  text?: string;
  action?: EmptyStateAction;
  /** The picture above the title; a list by default. */
  icon?: IconName;
  /** Level of the title in the page outline; 2 by default, 3 inside a panel that has its own heading. */
  headingLevel?: 2 | 3;
}

export function EmptyState({ title, text, action, icon = 'menu', headingLevel = 2 }: EmptyStateProps) {
  const t = useT();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <section className="empty-state">
      <Icon name={icon} size={24} className="empty-state__icon" />
      <Heading className="empty-state__title">{title ?? t('empty.title')}</Heading>
      {text ? <p>{text}</p> : null}
      {action ? <EmptyStateButton action={action} /> : null}
    </section>
  );
}

function EmptyStateButton({ action }: { action: EmptyStateAction }) {
  const content = (
    <>
      {action.icon ? <Icon name={action.icon} size={24} /> : null}
      {action.label}
    </>
  );
  if ('to' in action) {
    return (
      <LocalLink to={action.to} className="ui-button ui-button--primary empty-state__action">
        {content}
      </LocalLink>
    );
  }
  return (
    <button type="button" className="ui-button ui-button--primary empty-state__action" onClick={action.onClick}>
      {content}
    </button>
  );
}
