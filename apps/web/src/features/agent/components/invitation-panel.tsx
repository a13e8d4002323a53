import { useTranslation } from 'react-i18next';
import { CopyButton } from '../../../shared/ui/copy-button.tsx';
import { QrImage } from '../../../shared/ui/qr-image.tsx';
import { QueryFailure } from '../../../shared/ui/query-failure.tsx';
import { useInvitation } from '../api/invitation.ts';

/**
 * Register centre: the agent's affiliate code and a register link for each of the site's domains,
 * each with a QR code drawn here, so a player can scan it from the agent's phone.
 */
export function InvitationPanel() {
  const { t } = useTranslation();
  const invitation = useInvitation();
  return (
    <section className="invitation" aria-labelledby="invitation-title" data-testid="invitation">
      <h3 id="invitation-title">{t('agent.invitationTitle')}</h3>
      {invitation.isError ? (
        <QueryFailure
          error={invitation.error}
          retryLabel={t('wallet.retry')}
          onRetry={() => void invitation.refetch()}
        />
      ) : !invitation.data ? (
        <p className="report__note">{t('wallet.loading')}</p>
      ) : (
        <>
          <div className="invitation__code">
            <span>{t('fields.affiliateCode')}</span>
            <strong data-testid="affiliate-code">{invitation.data.affiliateCode}</strong>
            <CopyButton text={invitation.data.affiliateCode} label={t('agent.copyCode')} />
          </div>
          <ul className="invitation__links">
            {invitation.data.links.map((link) => (
              <li key={link.registerUrl} className="invitation__link" data-testid="invitation-link">
                <QrImage text={link.registerUrl} size={120} className="invitation__qr" />
                <div className="invitation__link-text">
                  <span className="invitation__domain">{link.domain}</span>
                  <a href={link.registerUrl} target="_blank" rel="noopener noreferrer">
                    {link.registerUrl}
                  </a>
                  <CopyButton text={link.registerUrl} label={t('agent.copyLink', { domain: link.domain })} />
                </div>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
