import { useId, useState } from 'react';
import { searchDirectory } from '../../../services/group-prototype';
import { useT } from '../../../services/i18n';
import { Icon } from '../ui/icon';
import { Menu, MenuContent, MenuItem, MenuTrigger } from '../ui/menu';
import { GroupPopupActor, findUser, useDirectory } from './group-popup-context';

/** Spec 2.7: the left column — search, the add menu, and the users and groups found. */
export function GroupSearchList() {
  const t = useT();
  const actor = GroupPopupActor.useActorRef();
  const openGroupId = GroupPopupActor.useSelector((s) => (s.matches({ open: { pane: 'group' } }) ? s.context.groupId : null));
  const openProfileId = GroupPopupActor.useSelector((s) => (s.matches({ open: { pane: 'profile' } }) ? s.context.profileId : null));
  const { directory } = useDirectory();
  const [query, setQuery] = useState('');
  const searchId = useId();
  const items = searchDirectory(directory, query);

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
        <Menu>
          <MenuTrigger>
            <button type="button" className="ui-icon-button" aria-label={t('groups.search.menu')}>
              <Icon name="plus" size={20} />
            </button>
          </MenuTrigger>
          <MenuContent label={t('groups.search.menu')}>
            <MenuItem onSelect={() => actor.send({ type: 'popup.changeType', popupType: 'create-group' })}>{t('groups.search.addGroup')}</MenuItem>
            <MenuItem onSelect={() => actor.send({ type: 'popup.changeType', popupType: 'add-user' })}>{t('groups.search.addUser')}</MenuItem>
          </MenuContent>
        </Menu>
      </div>
      {items.length === 0 ? (
        <p className="group-search__empty">{t('groups.search.empty')}</p>
      ) : (
        <ul className="group-search__list" aria-label={t('groups.search.listLabel')}>
          {items.map((item) => {
            if (item.isGroup) {
              const group = directory.groups.find((candidate) => candidate.id === item.id);
              if (!group) return null;
              return (
                <li key={`group-${group.id}`}>
                  <button
                    type="button"
                    className="group-search__item"
                    aria-current={openGroupId === group.id || undefined}
                    onClick={() => actor.send({ type: 'group.open', id: group.id })}
                  >
                    <span className="group-search__avatar"><Icon name="group" size={18} /></span>
                    <span className="group-search__text">
                      <span>{group.name}</span>
                      <small>{t('groups.search.members', { count: group.members.length })}</small>
                    </span>
                  </button>
                </li>
              );
            }
            const found = findUser(directory, item.id);
            if (!found) return null;
            return (
              <li key={`user-${found.id}`}>
                <button
                  type="button"
                  className="group-search__item"
                  aria-current={openProfileId === found.id || undefined}
                  onClick={() => actor.send({ type: 'user.openProperties', id: found.id })}
                >
                  <span className="group-search__avatar"><Icon name="user" size={18} /></span>
                  <span className="group-search__text">
                    <span>{found.name}</span>
                    <small>{t('groups.profile.id', { id: found.id })}</small>
                  </span>
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
