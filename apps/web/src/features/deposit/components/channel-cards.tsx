import type { DepositChannel } from '@fortuna/contracts/deposit';
import { useTranslation } from 'react-i18next';
import { UiIcon } from '../../../shared/art/ui-icon.tsx';
import { Money } from '../../../shared/ui/money.tsx';

/** The deposit channels as cards to pick from: name, kind, limits and fee; unusable ones say why. */
export function ChannelCards({
  channels,
  selected,
  onSelect,
  symbol,
  decimals,
}: {
  channels: DepositChannel[];
  selected: string | null;
  onSelect: (code: string) => void;
  symbol: string;
  decimals: number;
}) {
  const { t } = useTranslation();
  return (
    <fieldset className="deposit-channels" aria-label={t('deposit.channel')}>
      {channels.map((channel) => (
        <label
          key={channel.code}
          className="deposit-channel"
          data-testid={`deposit-channel-${channel.code}`}
          data-disabled={!channel.available || undefined}
        >
          <input
            type="radio"
            name="channelCode"
            value={channel.code}
            className="visually-hidden"
            checked={selected === channel.code}
            disabled={!channel.available}
            onChange={() => onSelect(channel.code)}
          />
          <span className="deposit-channel__head">
            <UiIcon name={channel.kind === 'GATEWAY' ? 'wallet' : 'deposit'} size={20} />
            <span className="deposit-channel__name">{channel.name}</span>
          </span>
          <span className="deposit-channel__kind">{t(`deposit.kind.${channel.kind}`)}</span>
          <span className="deposit-channel__limits">
            <Money minor={channel.minMinor} symbol={symbol} decimals={decimals} /> –{' '}
            <Money minor={channel.maxMinor} symbol={symbol} decimals={decimals} />
          </span>
          <span className="deposit-channel__fee">
            {channel.feeBasisPoints === 0 && channel.feeFixedMinor === '0' ? (
              t('deposit.noFee')
            ) : (
              <FeeRule channel={channel} symbol={symbol} decimals={decimals} />
            )}
          </span>
          {channel.available ? null : (
            <span className="deposit-channel__unavailable">
              {channel.unavailableReason ?? t('deposit.unavailable')}
            </span>
          )}
        </label>
      ))}
    </fieldset>
  );
}

function FeeRule({
  channel,
  symbol,
  decimals,
}: {
  channel: DepositChannel;
  symbol: string;
  decimals: number;
}) {
  const { t } = useTranslation();
  // Basis points as a percentage without floating point: 150 → "1.50".
  const percent = `${Math.trunc(channel.feeBasisPoints / 100)}.${String(channel.feeBasisPoints % 100).padStart(2, '0')}`;
  return (
    <>
      {t('deposit.feeLabel')} {channel.feeBasisPoints > 0 ? `${percent}%` : null}
      {channel.feeBasisPoints > 0 && channel.feeFixedMinor !== '0' ? ' + ' : null}
      {channel.feeFixedMinor !== '0' ? (
        <Money minor={channel.feeFixedMinor} symbol={symbol} decimals={decimals} />
      ) : null}
    </>
  );
}
