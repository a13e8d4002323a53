import { useTranslation } from 'react-i18next';
import { RaffleCard } from './raffle-card.tsx';
import { useRaffles } from './raffles-api.ts';

/** The raffles on the promotions page; nothing at all while there is none (the lobby advertises only what runs). */
export function RaffleSection() {
  const { t } = useTranslation();
  const { data } = useRaffles();
  if (!data || data.raffles.length === 0) return null;
  return (
    <section className="raffles" aria-label={t('raffle.section')} data-testid="raffles">
      {data.raffles.map((raffle) => (
        <RaffleCard key={raffle.id} raffle={raffle} />
      ))}
    </section>
  );
}
