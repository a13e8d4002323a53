/** Help centre content of the demo brand, in English and Tagalog. */
interface HelpSeed {
  id: string;
  categoryId: string;
  sort: number;
  EN: { category: string; title: string; html: string };
  TY: { category: string; title: string; html: string };
}

const articles: HelpSeed[] = [
  {
    id: 'about-fortuna',
    categoryId: 'about',
    sort: 10,
    EN: {
      category: 'About us',
      title: 'Who we are',
      html: '<p>Fortuna is an online gaming lobby with slots, live casino, fishing, card games, sports, e-sports, cockfight and lottery from trusted game providers.</p><p>Our support team is available 24 hours a day through live chat.</p>',
    },
    TY: {
      category: 'Tungkol sa amin',
      title: 'Sino kami',
      html: '<p>Ang Fortuna ay isang online gaming lobby na may slots, live casino, fishing, card games, sports, e-sports, sabong at lotto mula sa mga pinagkakatiwalaang game provider.</p><p>Handang tumulong ang aming support team 24 oras kada araw sa live chat.</p>',
    },
  },
  {
    id: 'faq-account',
    categoryId: 'faq',
    sort: 20,
    EN: {
      category: 'Frequently asked questions',
      title: 'How do I open an account?',
      html: '<p>Press <strong>Register</strong> at the top of the page, choose a username and a password, accept the terms and confirm. You are logged in straight away.</p>',
    },
    TY: {
      category: 'Mga madalas itanong',
      title: 'Paano magbukas ng account?',
      html: '<p>Pindutin ang <strong>Magrehistro</strong> sa itaas ng pahina, pumili ng username at password, tanggapin ang mga tuntunin at kumpirmahin. Naka-log in ka na agad.</p>',
    },
  },
  {
    id: 'faq-deposit',
    categoryId: 'faq',
    sort: 21,
    EN: {
      category: 'Frequently asked questions',
      title: 'How long does a deposit take?',
      html: '<p>Most deposits reach your wallet within a few minutes. If yours has not arrived after 30 minutes, contact live chat with your reference number.</p>',
    },
    TY: {
      category: 'Mga madalas itanong',
      title: 'Gaano katagal bago pumasok ang deposito?',
      html: '<p>Karamihan sa mga deposito ay pumapasok sa wallet mo sa loob ng ilang minuto. Kung wala pa rin pagkalipas ng 30 minuto, makipag-usap sa live chat at ibigay ang iyong reference number.</p>',
    },
  },
  {
    id: 'faq-withdraw',
    categoryId: 'faq',
    sort: 22,
    EN: {
      category: 'Frequently asked questions',
      title: 'How do I withdraw my winnings?',
      html: '<p>Open <strong>Withdraw</strong>, choose your payout account, enter the amount and your payment password. Confirm the withdrawal once the money has reached you.</p>',
    },
    TY: {
      category: 'Mga madalas itanong',
      title: 'Paano i-withdraw ang aking panalo?',
      html: '<p>Buksan ang <strong>Pag-withdraw</strong>, piliin ang account na padadalhan, ilagay ang halaga at ang iyong payment password. Kumpirmahin ang withdrawal kapag natanggap mo na ang pera.</p>',
    },
  },
  {
    id: 'responsible-gaming',
    categoryId: 'responsible',
    sort: 30,
    EN: {
      category: 'Responsible gaming',
      title: 'Play for fun, within your limits',
      html: '<p>Gaming should be entertainment, never a way to earn money. Set yourself a budget and a time limit before you play, and never chase losses.</p><ul><li>Only players aged 18 or over may play.</li><li>Take regular breaks.</li><li>Ask live chat to pause or close your account at any time.</li></ul>',
    },
    TY: {
      category: 'Responsableng paglalaro',
      title: 'Maglaro para sa saya, ayon sa kaya mo',
      html: '<p>Ang paglalaro ay dapat libangan, hindi paraan para kumita. Magtakda ng budget at oras bago maglaro, at huwag habulin ang talo.</p><ul><li>Ang mga manlalarong 18 taong gulang pataas lamang ang maaaring maglaro.</li><li>Magpahinga nang madalas.</li><li>Maaari mong hilingin sa live chat na i-pause o isara ang iyong account anumang oras.</li></ul>',
    },
  },
  {
    id: 'privacy',
    categoryId: 'privacy',
    sort: 40,
    EN: {
      category: 'Privacy policy',
      title: 'How we use your data',
      html: '<p>We keep only the data needed to run your account, process payments and meet our legal duties. We never sell your data. Passwords are stored as one-way hashes.</p>',
    },
    TY: {
      category: 'Patakaran sa privacy',
      title: 'Paano namin ginagamit ang iyong datos',
      html: '<p>Ang datos lamang na kailangan para patakbuhin ang iyong account, iproseso ang mga bayad at sundin ang batas ang aming itinatago. Hindi namin ibinebenta ang iyong datos. Ang mga password ay naka-imbak bilang one-way hash.</p>',
    },
  },
  {
    id: 'terms',
    categoryId: 'term',
    sort: 50,
    EN: {
      category: 'Terms and conditions',
      title: 'Terms and conditions',
      html: '<p>By opening an account you confirm that you are at least 18 years old and that online gaming is legal where you live.</p><ol><li>One account per person. Duplicate accounts may be closed and their bonuses withdrawn.</li><li>You are responsible for keeping your password secret.</li><li>Bets are settled as reported by the game provider; a malfunction voids all plays and pays.</li><li>Bonuses carry the wagering requirements shown with each promotion.</li><li>We may ask for proof of identity before a withdrawal.</li><li>The operator is not responsible for any breach of local online-gaming laws by the player.</li></ol>',
    },
    TY: {
      category: 'Mga tuntunin at kundisyon',
      title: 'Mga tuntunin at kundisyon',
      html: '<p>Sa pagbubukas ng account, kinukumpirma mong ikaw ay hindi bababa sa 18 taong gulang at legal ang online gaming kung saan ka nakatira.</p><ol><li>Isang account lamang bawat tao. Maaaring isara ang mga dobleng account at bawiin ang kanilang mga bonus.</li><li>Ikaw ang may pananagutang ilihim ang iyong password.</li><li>Ang mga taya ay inaayos ayon sa ulat ng game provider; ang anumang sira ay nagpapawalang-bisa sa lahat ng laro at bayad.</li><li>Ang mga bonus ay may wagering requirement na nakasaad sa bawat promosyon.</li><li>Maaari kaming humingi ng patunay ng pagkakakilanlan bago ang withdrawal.</li><li>Walang pananagutan ang operator sa anumang paglabag ng manlalaro sa lokal na batas tungkol sa online gaming.</li></ol>',
    },
  },
];

export const demoHelpArticles = articles.flatMap((article) =>
  (['EN', 'TY'] as const).map((lang) => ({
    id: article.id,
    lang,
    categoryId: article.categoryId,
    categoryTitle: article[lang].category,
    device: 'ALL',
    title: article[lang].title,
    contentHtml: article[lang].html,
    sort: article.sort,
  })),
);
