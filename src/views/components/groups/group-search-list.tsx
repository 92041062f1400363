import { useId, useState, type ReactNode } from 'react';
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
            <SearchItem
              key={`group-${item.group.id}`}
              current={openGroupId === item.group.id}
              onOpen={() => actor.send({ type: 'group.open', id: item.group.id })}
              avatar={item.group.image ? <img src={item.group.image} alt="" /> : <Icon name="group" size={18} />}
              name={item.group.name}
              meta={t('groups.search.members', { count: item.group.participantsCount })}
            />
          ) : (
            <SearchItem
              key={`user-${item.person.id}`}
              current={openProfileId === item.person.id}
              onOpen={() => actor.send({ type: 'user.openProperties', id: item.person.id })}
              avatar={<Icon name="user" size={18} />}
              name={item.person.name}
              meta={item.person.email ?? (item.person.phone ? formatPhone(item.person.phone) : t('groups.profile.id', { id: item.person.id }))}
            />
          )))}
        </ul>
      )}
    </div>
  );
}

interface SearchItemProps {
  current: boolean;
  onOpen: () => void;
  avatar: ReactNode;
  name: string;
  meta: string;
}

/** A group or a contact found: its picture, name and a line about it; opens it in the right column. */
function SearchItem({ current, onOpen, avatar, name, meta }: SearchItemProps) {
  return (
    <li>
      <button type="button" className="group-search__item" aria-current={current || undefined} onClick={onOpen}>
        <span className="group-search__avatar">{avatar}</span>
        <span className="group-search__text">
          <span>{name}</span>
          <small>{meta}</small>
        </span>
      </button>
    </li>
  );
}
