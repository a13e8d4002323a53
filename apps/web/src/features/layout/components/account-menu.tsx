import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useMemberIcon } from '../../../shared/api/get-member-icon.ts';
import { useSiteInfo } from '../../../shared/api/site.ts';
import { useUnreadMessages } from '../../../shared/api/unread-messages.ts';
import { UiIcon } from '../../../shared/art/ui-icon.tsx';
import { useSession } from '../../../shared/session/session-store.ts';
import { useLogout } from '../../../shared/session/use-logout.ts';
import { usePopups } from '../../../shared/state/popups.ts';
import { CountBadge } from '../../../shared/ui/count-badge.tsx';
import { accountMenuItems } from './account-menu-items.ts';
import './account-menu.css';

/**
 * The logged-in member's avatar and name opening the account dropdown of spec 2.4. A menu button:
 * arrows move between entries, Escape closes and gives focus back to the button, so does a click
 * elsewhere.
 */
export function AccountMenu() {
  const { t } = useTranslation();
  const site = useSiteInfo();
  const member = useSession((state) => state.memberInfo);
  const userInfo = useSession((state) => state.userInfo);
  const isAgent = useSession((state) => state.isAgent);
  const isTrial = useSession((state) => state.isTrial);
  const showPopup = usePopups((state) => state.show);
  const icon = useMemberIcon();
  const unreadMessages = useUnreadMessages();
  const logout = useLogout();
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const name = member?.nickname || member?.account || userInfo?.nickname || userInfo?.userName || '';
  const items = accountMenuItems(site.whitelabel, isAgent);

  useEffect(() => {
    if (!open) return;
    root.current?.querySelector<HTMLElement>('[role="menuitem"]')?.focus();
    const onPointerDown = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  const close = (returnFocus: boolean) => {
    setOpen(false);
    if (returnFocus) button.current?.focus();
  };

  const onMenuKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const entries = [...event.currentTarget.querySelectorAll<HTMLElement>('[role="menuitem"]')];
    const at = entries.indexOf(document.activeElement as HTMLElement);
    const focusAt = (index: number) => entries[(index + entries.length) % entries.length]?.focus();
    if (event.key === 'Escape') close(true);
    else if (event.key === 'Tab') close(false);
    else if (event.key === 'ArrowDown') focusAt(at + 1);
    else if (event.key === 'ArrowUp') focusAt(at - 1);
    else if (event.key === 'Home') focusAt(0);
    else if (event.key === 'End') focusAt(entries.length - 1);
    else return;
    if (event.key !== 'Tab') event.preventDefault();
  };

  return (
    <div className="account-menu" ref={root}>
      <button
        ref={button}
        type="button"
        className="account-menu__button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        aria-label={t('accountMenu.open', { name })}
        data-testid="account-menu-button"
        onClick={() => setOpen((shown) => !shown)}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown' && !open) {
            event.preventDefault();
            setOpen(true);
          }
        }}
      >
        <span className="account-menu__avatar">
          {icon.data ? (
            <img src={icon.data} alt="" width={32} height={32} />
          ) : (
            <UiIcon name="user" size={18} />
          )}
          {/* Spec 2.6's message count, seen from every page: the member centre is one click away. */}
          <span className="account-menu__badge">
            <CountBadge
              count={unreadMessages}
              label={t('accountMenu.unreadMessages', { count: unreadMessages })}
              testId="account-menu-badge"
            />
          </span>
        </span>
        <span className="account-menu__name">{name}</span>
        <UiIcon name="chevron-down" size={16} />
      </button>
      {open ? (
        <div
          id={menuId}
          className="account-menu__list"
          role="menu"
          aria-label={name}
          tabIndex={-1}
          onKeyDown={onMenuKeyDown}
        >
          {isTrial ? null : (
            <Link
              role="menuitem"
              className="account-menu__item account-menu__item--messages"
              to="/member?page=messageV2"
              onClick={() => close(false)}
            >
              <span>{t('memberCentre.pages.messageV2')}</span>
              <CountBadge
                count={unreadMessages}
                label={t('accountMenu.unreadMessages', { count: unreadMessages })}
              />
            </Link>
          )}
          {items.map((item) =>
            'to' in item ? (
              <Link
                key={item.labelKey}
                role="menuitem"
                className="account-menu__item"
                to={item.to}
                onClick={() => close(false)}
              >
                {t(item.labelKey)}
              </Link>
            ) : (
              <button
                key={item.labelKey}
                type="button"
                role="menuitem"
                className="account-menu__item"
                onClick={() => {
                  close(false);
                  showPopup(item.popup);
                }}
              >
                {t(item.labelKey)}
              </button>
            ),
          )}
          <hr className="account-menu__separator" />
          {/* A trial account has no password to change. */}
          {isTrial ? null : (
            <button
              type="button"
              role="menuitem"
              className="account-menu__item"
              onClick={() => {
                close(false);
                showPopup('changePassword');
              }}
            >
              {t('accountMenu.changePassword')}
            </button>
          )}
          <button
            type="button"
            role="menuitem"
            className="account-menu__item account-menu__item--sign-out"
            onClick={() => {
              close(false);
              logout();
            }}
          >
            {t('header.signOut')}
          </button>
        </div>
      ) : null}
    </div>
  );
}
