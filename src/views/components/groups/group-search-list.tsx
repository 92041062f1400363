import { useId, useState } from 'react';
import { formatPhone } from '../../../services/phone-format';
import { searchDirectory } from '../../../services/groups';
import { useT } from '../../../services/i18n';
import { Icon } from '../ui/icon';
import { IconMenu, MenuItem } from '../ui/menu';
import { GroupPopupActor } from './group-popup-context';

/** The left column — search, the add menu, and the user's groups and contacts found. */
export function GroupSearchList() {
  const t = useT();
  const actor = GroupPopupActor.useActorRef();
  const openGroupId = GroupPopupActor.useSelector((s) => (s.matches({ open: { pane: 'group' } }) ? s.context.groupId : null));
  const openProfileId = GroupPopupActor.useSelector((s) => (s.matches({ open: { pane: 'profile' } }) ? s.context.profileId : null));
  const directory = GroupPopupActor.useSelector((s) => s.context.directory);
  const [query, setQuery] = useState('');
  const searchId = useId();
  const items = directory ? searchDirectory(directory, query) : [];
  const empty = directory !== null && directory.groups.length === 0 && directory.contacts.length === 0;

  return (
    <div className="group-search">
      <div className="group-search__bar">
        <label htmlFor={searchId} className="visually-hidden">{t('groups.search.label')}</label>
        <input
          id={searchId}
          type="search"
          className="group-input group-search__input"
          placeholder={t('groups.search.placeholder')}
          value={query}
          onChange={(event) => setQuery(event.target.value)}
        />
        <IconMenu label={t('groups.search.menu')} icon="plus">
          <MenuItem onSelect={() => actor.send({ type: 'popup.changeType', popupType: 'create-group' })}>{t('groups.search.addGroup')}</MenuItem>
          <MenuItem onSelect={() => actor.send({ type: 'popup.changeType', popupType: 'add-user' })}>{t('groups.search.addUser')}</MenuItem>
        </IconMenu>
      </div>
      {items.length === 0 ? (
        <p className="group-search__empty">{t(empty ? 'groups.search.none' : 'groups.search.empty')}</p>
      ) : (
        <ul className="group-search__list" aria-label={t('groups.search.listLabel')}>
          {items.map((item) => (item.kind === 'group' ? (
            <li key={`group-${item.group.id}`}>
              <button
                type="button"
                className="group-search__item"
                aria-current={openGroupId === item.group.id || undefined}
                onClick={() => actor.send({ type: 'group.open', id: item.group.id })}
              >
                <span className="group-search__avatar">
                  {item.group.image ? <img src={item.group.image} alt="" /> : <Icon name="group" size={18} />}
                </span>
                <span className="group-search__text">
                  <span>{item.group.name}</span>
                  <small>{t('groups.search.members', { count: item.group.participantsCount })}</small>
                </span>
              </button>
            </li>
          ) : (
            <li key={`user-${item.person.id}`}>
              <button
                type="button"
                className="group-search__item"
                aria-current={openProfileId === item.person.id || undefined}
                onClick={() => actor.send({ type: 'user.openProperties', id: item.person.id })}
              >
                <span className="group-search__avatar"><Icon name="user" size={18} /></span>
                <span className="group-search__text">
                  <span>{item.person.name}</span>
                  <small>{item.person.email ?? (item.person.phone ? formatPhone(item.person.phone) : t('groups.profile.id', { id: item.person.id }))}</small>
                </span>
              </button>
            </li>
          )))}
        </ul>
      )}
    </div>
  );
}
