import { saveAnnouncement } from '../modules/content/announcements.store.ts';
import { announcements } from '../modules/content/content.schema.ts';
import { saveBanner, saveNotice } from '../modules/content/home-content.store.ts';
import { type lifecycleTables, updateLifecycle } from '../modules/content/lifecycle.store.ts';
import type { Database } from '../platform/db/database.ts';
import { safeContentHtml } from '../platform/safe-html.ts';

type Text = { title: string; content: string };
interface DemoAnnouncement {
  key: string;
  type: 'B' | 'PL' | 'PU' | 'PR' | 'H';
  popupType?: 'A' | 'F' | 'B';
  /** AGENTS: shown in the agent centre only. */
  audience?: 'AGENTS';
  daysAgo: number;
  cover?: string;
  EN: Text;
  TY: Text;
}

/** Eleven for the lobby, so that the popup's list has a second page for everyone, and one for the agent centre. The reload bonus pops up for members. */
const demoAnnouncements: DemoAnnouncement[] = [
  {
    key: 'agent-register-centre',
    type: 'B',
    audience: 'AGENTS',
    daysAgo: 0,
    EN: {
      title: 'Agents: create accounts for your players in the register centre',
      content:
        '<p>Accounts you create join your line at once. Each new player must choose a new password at the first login.</p>',
    },
    TY: {
      title: 'Mga ahente: gumawa ng account para sa inyong mga manlalaro sa register center',
      content:
        '<p>Ang mga account na ginawa ninyo ay agad na kasama sa inyong linya. Bawat bagong manlalaro ay kailangang pumili ng bagong password sa unang pag-login.</p>',
    },
  },
  {
    key: 'reload',
    type: 'PR',
    popupType: 'A',
    daysAgo: 0,
    cover: '/banners/reload.svg',
    EN: {
      title: 'Weekend reload: 10% extra on every deposit',
      content:
        '<p>From Friday to Sunday every deposit of 500.00 or more earns a <strong>10% bonus</strong>, up to 2,000.00.</p><ul><li>Once per day</li><li>5× turnover on the bonus</li></ul><p>Claim it in the reward centre.</p>',
    },
    TY: {
      title: 'Weekend reload: dagdag na 10% sa bawat deposito',
      content:
        '<p>Mula Biyernes hanggang Linggo, ang bawat deposito na 500.00 pataas ay may <strong>10% bonus</strong>, hanggang 2,000.00.</p><ul><li>Isang beses bawat araw</li><li>5× turnover sa bonus</li></ul><p>Kunin ito sa reward center.</p>',
    },
  },
  {
    key: 'maintenance',
    type: 'PL',
    daysAgo: 1,
    EN: {
      title: 'Scheduled maintenance on 1 December, 02:00–04:00',
      content:
        '<p>The lobby will be closed for upgrades. Balances are safe and games resume right after.</p>',
    },
    TY: {
      title: 'Nakatakdang maintenance sa 1 Disyembre, 02:00–04:00',
      content:
        '<p>Sarado ang lobby para sa mga upgrade. Ligtas ang inyong balanse at babalik agad ang mga laro pagkatapos.</p>',
    },
  },
  {
    key: 'fortuna-pay',
    type: 'PU',
    daysAgo: 2,
    EN: {
      title: 'New deposit channel: Fortuna Pay',
      content:
        '<p>Deposit in seconds with <strong>Fortuna Pay</strong>: pay on its page and your balance updates at once.</p>',
    },
    TY: {
      title: 'Bagong paraan ng deposito: Fortuna Pay',
      content:
        '<p>Magdeposito sa ilang segundo gamit ang <strong>Fortuna Pay</strong>: magbayad sa pahina nito at agad na maa-update ang balanse mo.</p>',
    },
  },
  {
    key: 'holiday',
    type: 'H',
    daysAgo: 3,
    cover: '/banners/live.svg',
    EN: {
      title: 'Holiday live casino tournament',
      content:
        '<p>Play live baccarat and roulette through December; the top 50 share <strong>100,000.00</strong>.</p>',
    },
    TY: {
      title: 'Holiday tournament sa live casino',
      content:
        '<p>Maglaro ng live baccarat at roulette buong Disyembre; paghahatian ng top 50 ang <strong>100,000.00</strong>.</p>',
    },
  },
  {
    key: 'responsible',
    type: 'B',
    daysAgo: 4,
    EN: {
      title: 'Play responsibly',
      content: '<p>Set yourself limits and take breaks. Players must be 18 or older.</p>',
    },
    TY: {
      title: 'Maglaro nang responsable',
      content: '<p>Magtakda ng limitasyon at magpahinga. Dapat 18 taong gulang pataas ang mga manlalaro.</p>',
    },
  },
  {
    key: 'withdrawals',
    type: 'PU',
    daysAgo: 5,
    EN: {
      title: 'Faster withdrawals to e-wallets',
      content: '<p>Withdrawals to e-wallets are now reviewed within 15 minutes, day and night.</p>',
    },
    TY: {
      title: 'Mas mabilis na pag-withdraw sa e-wallet',
      content: '<p>Sinusuri na ngayon ang pag-withdraw sa e-wallet sa loob ng 15 minuto, araw at gabi.</p>',
    },
  },
  {
    key: 'referral',
    type: 'PR',
    daysAgo: 6,
    EN: {
      title: 'Invite friends, earn together',
      content:
        '<p>Share your referral link: you get 50.00 when a friend’s first deposit of 500.00 or more is credited, and your friend’s first deposit is doubled.</p>',
    },
    TY: {
      title: 'Mag-imbita ng kaibigan, sabay kumita',
      content:
        '<p>Ibahagi ang iyong referral link: makakatanggap ka ng 50.00 kapag na-credit ang unang deposito ng kaibigan na 500.00 o higit pa, at dodoblehin ang unang deposito ng kaibigan mo.</p>',
    },
  },
  {
    key: 'security',
    type: 'B',
    daysAgo: 8,
    EN: {
      title: 'Keep your account safe',
      content: '<p>We never ask for your password. Set a payment password in the security centre.</p>',
    },
    TY: {
      title: 'Panatilihing ligtas ang iyong account',
      content:
        '<p>Hindi namin hinihingi ang iyong password. Magtakda ng payment password sa security center.</p>',
    },
  },
  {
    key: 'app',
    type: 'PL',
    daysAgo: 10,
    EN: {
      title: 'The Fortuna app is here',
      content: '<p>Scan the QR code in the side menu to install the app on iOS or Android.</p>',
    },
    TY: {
      title: 'Narito na ang Fortuna app',
      content: '<p>I-scan ang QR code sa side menu para i-install ang app sa iOS o Android.</p>',
    },
  },
  {
    key: 'slots',
    type: 'H',
    daysAgo: 12,
    EN: {
      title: 'New slots every week',
      content: '<p>Fresh slot games arrive every Monday. Find them under Slots.</p>',
    },
    TY: {
      title: 'Bagong slots bawat linggo',
      content: '<p>May bagong slot games tuwing Lunes. Hanapin sila sa Slots.</p>',
    },
  },
  {
    key: 'vip',
    type: 'B',
    daysAgo: 14,
    EN: {
      title: 'VIP levels are open',
      content: '<p>Every valid bet counts towards your VIP level, with higher rebates at each step.</p>',
    },
    TY: {
      title: 'Bukas na ang mga VIP level',
      content:
        '<p>Bawat valid bet ay bilang sa iyong VIP level, na may mas mataas na rebate sa bawat antas.</p>',
    },
  },
];

const demoBanners = [
  {
    imageUrl: '/banners/welcome.svg',
    linkageType: 'PAGE',
    linkageTarget: '/promotions',
    EN: { alt: 'Cards and gold coins', title: 'Welcome to Fortuna: your first deposit doubled' },
    TY: {
      alt: 'Mga baraha at gintong barya',
      title: 'Maligayang pagdating sa Fortuna: doble ang unang deposito',
    },
  },
  {
    imageUrl: '/banners/reload.svg',
    linkageType: 'PROMOTION',
    linkageTarget: 'weekend-reload',
    EN: { alt: 'A gold coin marked with a percent sign', title: 'Weekend reload: 10% extra' },
    TY: { alt: 'Gintong barya na may tandang porsiyento', title: 'Weekend reload: dagdag na 10%' },
  },
  {
    imageUrl: '/banners/live.svg',
    linkageType: 'PAGE',
    linkageTarget: '/live',
    EN: { alt: 'A roulette wheel on a green table', title: 'Live casino: real dealers, day and night' },
    TY: { alt: 'Roulette sa berdeng mesa', title: 'Live casino: totoong dealer, araw at gabi' },
  },
] as const;

const demoNotices = [
  {
    announcement: 'reload',
    EN: 'Weekend reload: 10% extra on every deposit from Friday to Sunday',
    TY: 'Weekend reload: dagdag na 10% sa bawat deposito mula Biyernes hanggang Linggo',
  },
  {
    announcement: 'maintenance',
    EN: 'Scheduled maintenance on 1 December, 02:00–04:00',
    TY: 'Nakatakdang maintenance sa 1 Disyembre, 02:00–04:00',
  },
  {
    announcement: null,
    EN: 'Play responsibly. Players must be 18 or older.',
    TY: 'Maglaro nang responsable. 18 pataas lamang.',
  },
] as const;

/** Demo announcements, notices and home banners, published; only on a database with no announcement yet. */
export async function seedDemoContent(db: Database): Promise<boolean> {
  return db.transaction(async (tx) => {
    await tx.execute('select pg_advisory_xact_lock(4242019)');
    if ((await tx.select({ id: announcements.id }).from(announcements).limit(1)).length > 0) return false;
    const now = Date.now();
    const ids = new Map<string, bigint>();
    const publish = async (kind: keyof typeof lifecycleTables, id: bigint, publishedAt: Date) =>
      updateLifecycle(tx, kind, id, { status: 'PUBLISHED', publishedAt });

    // Oldest first, so ids follow the dates.
    for (const demo of [...demoAnnouncements].reverse()) {
      const texts = (['EN', 'TY'] as const).map((lang) => ({
        lang,
        title: demo[lang].title,
        contentHtml: safeContentHtml(demo[lang].content),
      }));
      const images = demo.cover ? [{ url: demo.cover, sequence: 1 }] : [];
      const fields = {
        type: demo.type,
        popupType: demo.popupType ?? null,
        audience: demo.audience ?? 'MEMBERS',
        platform: 'W',
        startsAt: null,
        endsAt: null,
      };
      const id = (await saveAnnouncement(tx, null, fields, texts, images)) as bigint;
      await publish('announcement', id, new Date(now - demo.daysAgo * 86_400_000));
      ids.set(demo.key, id);
    }
    for (const [index, notice] of demoNotices.entries()) {
      const announcementId = notice.announcement ? (ids.get(notice.announcement) ?? null) : null;
      const fields = { announcementId, sequence: index + 1, startsAt: null, endsAt: null };
      const texts = (['EN', 'TY'] as const).map((lang) => ({ lang, title: notice[lang] }));
      await publish('notice', (await saveNotice(tx, null, fields, texts)) as bigint, new Date(now));
    }
    for (const [index, banner] of demoBanners.entries()) {
      const fields = {
        group: 'w_home',
        imageUrl: banner.imageUrl,
        sequence: index + 1,
        linkageType: banner.linkageType,
        linkageTarget: banner.linkageTarget,
        startsAt: null,
        endsAt: null,
      };
      const texts = (['EN', 'TY'] as const).map((lang) => ({ lang, ...banner[lang] }));
      await publish('banner', (await saveBanner(tx, null, fields, texts)) as bigint, new Date(now));
    }
    return true;
  });
}
