// The tools a company site can show, each the way real sites carry it: a vendor's snippet in a
// script tag, a meta tag, a stylesheet, a response header, or a job ad naming it. `business` tools
// (analytics, CRM, support chat, payments, scheduling…) are what the ICP's technology criteria
// are about; `infrastructure` (servers, CDNs, frameworks, fonts, a CMS) is not, and must never
// be reported as a business tool. Names are the vendors' own.
import type { Random } from './random.ts';

export type ToolKind = 'business' | 'infrastructure';

/** How a tool shows in a page's head (or just before </body>). */
export interface ToolTag {
  name: string;
  kind: ToolKind;
  /** The HTML a site pastes in, ids drawn from the site's random source. */
  html: (random: Random) => string;
  /** Snippets that sit before </body> rather than in <head>. */
  inBody?: boolean;
}

export const SCRIPT_TOOLS: readonly ToolTag[] = [
  {
    name: 'Google Analytics',
    kind: 'business',
    html: (r) => {
      const id = `G-${r.hex(10).toUpperCase()}`;
      return `<script async src="https://www.googletagmanager.com/gtag/js?id=${id}"></script>
<script>
  window.dataLayer = window.dataLayer || [];
  function gtag(){dataLayer.push(arguments);}
  gtag('js', new Date());
  gtag('config', '${id}');
</script>`;
    },
  },
  {
    name: 'Google Analytics',
    kind: 'business',
    html: (r) => `<script>
(function(i,s,o,g,r,a,m){i['GoogleAnalyticsObject']=r;i[r]=i[r]||function(){
(i[r].q=i[r].q||[]).push(arguments)},i[r].l=1*new Date();a=s.createElement(o),
m=s.getElementsByTagName(o)[0];a.async=1;a.src=g;m.parentNode.insertBefore(a,m)
})(window,document,'script','https://www.google-analytics.com/analytics.js','ga');
ga('create', 'UA-${r.digits(8)}-1', 'auto');
ga('send', 'pageview');
</script>`,
  },
  {
    name: 'HubSpot',
    kind: 'business',
    inBody: true,
    html: (r) =>
      `<!-- Start of HubSpot Embed Code -->\n<script type="text/javascript" id="hs-script-loader" async defer src="//js.hs-scripts.com/${r.digits(7)}.js"></script>\n<!-- End of HubSpot Embed Code -->`,
  },
  {
    name: 'Intercom',
    kind: 'business',
    inBody: true,
    html: (r) => {
      const app = r.hex(8);
      return `<script>window.intercomSettings = { api_base: "https://api-iam.intercom.io", app_id: "${app}" };</script>
<script async src="https://widget.intercom.io/widget/${app}"></script>`;
    },
  },
  {
    name: 'Zendesk',
    kind: 'business',
    inBody: true,
    html: (r) =>
      `<script id="ze-snippet" src="https://static.zdassets.com/ekr/snippet.js?key=${r.hex(8)}-${r.hex(4)}-${r.hex(4)}-${r.hex(4)}-${r.hex(12)}"></script>`,
  },
  {
    name: 'Drift',
    kind: 'business',
    inBody: true,
    html: (r) => `<script async src="https://js.driftt.com/include/${r.digits(10)}/${r.hex(10)}.js"></script>`,
  },
  {
    name: 'Hotjar',
    kind: 'business',
    html: (r) => `<script>
    (function(h,o,t,j,a,r){
        h.hj=h.hj||function(){(h.hj.q=h.hj.q||[]).push(arguments)};
        h._hjSettings={hjid:${r.digits(7)},hjsv:6};
        a=o.getElementsByTagName('head')[0];
        r=o.createElement('script');r.async=1;
        r.src=t+h._hjSettings.hjid+j+h._hjSettings.hjsv;
        a.appendChild(r);
    })(window,document,'https://static.hotjar.com/c/hotjar-','.js?sv=');
</script>`,
  },
  {
    name: 'Segment',
    kind: 'business',
    html: (r) => `<script async src="https://cdn.segment.com/analytics.js/v1/${r.hex(20)}/analytics.min.js"></script>`,
  },
  {
    name: 'Mixpanel',
    kind: 'business',
    html: (r) =>
      `<script src="https://cdn.mxpnl.com/libs/mixpanel-2-latest.min.js"></script>\n<script>mixpanel.init("${r.hex(32)}", { track_pageview: true });</script>`,
  },
  {
    name: 'Stripe',
    kind: 'business',
    html: () => `<script src="https://js.stripe.com/v3/"></script>`,
  },
  {
    name: 'Facebook Pixel',
    kind: 'business',
    html: (r) => {
      const id = r.digits(15);
      return `<!-- Meta Pixel Code -->
<script>
!function(f,b,e,v,n,t,s){if(f.fbq)return;n=f.fbq=function(){n.callMethod?
n.callMethod.apply(n,arguments):n.queue.push(arguments)};if(!f._fbq)f._fbq=n;
n.push=n;n.loaded=!0;n.version='2.0';n.queue=[];t=b.createElement(e);t.async=!0;
t.src=v;s=b.getElementsByTagName(e)[0];s.parentNode.insertBefore(t,s)}(window,
document,'script','https://connect.facebook.net/en_US/fbevents.js');
fbq('init', '${id}');
fbq('track', 'PageView');
</script>
<noscript><img height="1" width="1" style="display:none" src="https://www.facebook.com/tr?id=${id}&ev=PageView&noscript=1"/></noscript>`;
    },
  },
  {
    name: 'LinkedIn Insight Tag',
    kind: 'business',
    inBody: true,
    html: (r) => `<script type="text/javascript">
_linkedin_partner_id = "${r.digits(7)}";
window._linkedin_data_partner_ids = window._linkedin_data_partner_ids || [];
window._linkedin_data_partner_ids.push(_linkedin_partner_id);
</script>
<script type="text/javascript" async src="https://snap.licdn.com/li.lms-analytics/insight.min.js"></script>`,
  },
  {
    name: 'Klaviyo',
    kind: 'business',
    html: (r) =>
      `<script async type="text/javascript" src="https://static.klaviyo.com/onsite/js/klaviyo.js?company_id=${r.hex(6).toUpperCase()}"></script>`,
  },
  {
    name: 'Calendly',
    kind: 'business',
    inBody: true,
    html: () =>
      `<link href="https://assets.calendly.com/assets/external/widget.css" rel="stylesheet">\n<script src="https://assets.calendly.com/assets/external/widget.js" type="text/javascript" async></script>`,
  },
  {
    name: 'Chili Piper',
    kind: 'business',
    html: () => `<script src="https://js.chilipiper.com/marketing.js" type="text/javascript" async></script>`,
  },
  {
    name: 'Marketo',
    kind: 'business',
    inBody: true,
    html: (r) =>
      `<script type="text/javascript" src="//munchkin.marketo.net/munchkin.js"></script>\n<script>Munchkin.init('${r.digits(3)}-${r.hex(3).toUpperCase()}-${r.digits(3)}');</script>`,
  },
  {
    name: 'Amplitude',
    kind: 'business',
    html: (r) =>
      `<script src="https://cdn.amplitude.com/libs/analytics-browser-2.11.1-min.js.gz"></script>\n<script>window.amplitude.init('${r.hex(32)}');</script>`,
  },
  {
    name: 'Heap',
    kind: 'business',
    html: (r) => `<script type="text/javascript" async src="https://cdn.heapanalytics.com/js/heap-${r.digits(10)}.js"></script>`,
  },
  {
    name: 'Help Scout',
    kind: 'business',
    inBody: true,
    html: (r) =>
      `<script type="text/javascript">!function(e,t,n){function a(){var e=t.getElementsByTagName("script")[0],n=t.createElement("script");n.type="text/javascript",n.async=!0,n.src="https://beacon-v2.helpscout.net",e.parentNode.insertBefore(n,e)}if(e.Beacon=n=function(t,n,a){e.Beacon.readyQueue.push({method:t,options:n,data:a})},n.readyQueue=[],"complete"===t.readyState)return a();e.attachEvent?e.attachEvent("onload",a):e.addEventListener("load",a,!1)}(window,document,window.Beacon||function(){});</script>\n<script type="text/javascript">window.Beacon('init', '${r.hex(8)}-${r.hex(4)}-${r.hex(4)}-${r.hex(4)}-${r.hex(12)}')</script>`,
  },
  {
    name: 'Chargebee',
    kind: 'business',
    html: (r) =>
      `<script src="https://js.chargebee.com/v2/chargebee.js" data-cb-site="${r.pick(['acme', 'app', 'billing'])}-${r.hex(4)}"></script>`,
  },
  {
    name: 'PayPal',
    kind: 'business',
    html: (r) => `<script src="https://www.paypal.com/sdk/js?client-id=${r.hex(24)}&currency=USD"></script>`,
  },
  {
    name: 'Typeform',
    kind: 'business',
    inBody: true,
    html: () => `<script src="//embed.typeform.com/next/embed.js"></script>`,
  },
  {
    name: 'Microsoft Clarity',
    kind: 'business',
    html: (r) => `<script type="text/javascript">
    (function(c,l,a,r,i,t,y){
        c[a]=c[a]||function(){(c[a].q=c[a].q||[]).push(arguments)};
        t=l.createElement(r);t.async=1;t.src="https://www.clarity.ms/tag/"+i;
        y=l.getElementsByTagName(r)[0];y.parentNode.insertBefore(t,y);
    })(window, document, "clarity", "script", "${r.hex(10)}");
</script>`,
  },
];

/** Infrastructure a page's head carries. */
export const INFRASTRUCTURE_TAGS: readonly ToolTag[] = [
  {
    name: 'Google Tag Manager',
    kind: 'infrastructure',
    html: (r) => `<!-- Google Tag Manager -->
<script>(function(w,d,s,l,i){w[l]=w[l]||[];w[l].push({'gtm.start':
new Date().getTime(),event:'gtm.js'});var f=d.getElementsByTagName(s)[0],
j=d.createElement(s),dl=l!='dataLayer'?'&l='+l:'';j.async=true;j.src=
'https://www.googletagmanager.com/gtm.js?id='+i+dl;f.parentNode.insertBefore(j,f);
})(window,document,'script','dataLayer','GTM-${r.hex(7).toUpperCase()}');</script>
<!-- End Google Tag Manager -->`,
  },
  { name: 'jQuery', kind: 'infrastructure', html: () => `<script src="https://code.jquery.com/jquery-3.7.1.min.js"></script>` },
  {
    name: 'Bootstrap',
    kind: 'infrastructure',
    html: () => `<link href="https://cdn.jsdelivr.net/npm/bootstrap@5.3.3/dist/css/bootstrap.min.css" rel="stylesheet">`,
  },
  {
    name: 'Google Font API',
    kind: 'infrastructure',
    html: (r) =>
      `<link rel="preconnect" href="https://fonts.googleapis.com">\n<link href="https://fonts.googleapis.com/css2?family=${r.pick(['Inter', 'Lato', 'Work+Sans', 'Source+Sans+3', 'IBM+Plex+Sans'])}:wght@400;600&display=swap" rel="stylesheet">`,
  },
];

/** A content system, named by its generator meta tag and the paths it leaves. */
export const CMS_TAGS: readonly ToolTag[] = [
  {
    name: 'WordPress',
    kind: 'infrastructure',
    html: () =>
      `<meta name="generator" content="WordPress 6.6.2">\n<link rel="stylesheet" href="wp-content/themes/company/style.css?ver=6.6.2">\n<link rel="https://api.w.org/" href="wp-json/">`,
  },
  { name: 'Webflow', kind: 'infrastructure', html: () => `<meta content="Webflow" name="generator">` },
];

/** A web server or CDN, known by its response headers. */
export const SERVER_HEADERS: ReadonlyArray<{ name: string; headers: (random: Random) => Record<string, string> }> = [
  { name: 'Nginx', headers: () => ({ server: 'nginx' }) },
  { name: 'Apache HTTP Server', headers: () => ({ server: 'Apache' }) },
  { name: 'Cloudflare', headers: (r) => ({ server: 'cloudflare', 'cf-ray': `${r.hex(16)}-AMS` }) },
];

/** Tools a job ad names, business ones the company works in every day. */
export const JOB_AD_TOOLS: Readonly<Record<string, readonly string[]>> = {
  sales: ['Salesforce', 'HubSpot', 'Outreach', 'Gong', 'Apollo', 'Salesloft', 'ZoomInfo'],
  marketing: ['HubSpot', 'Marketo', 'Google Analytics', 'Pardot'],
  support: ['Zendesk', 'Intercom', 'Help Scout', 'Freshdesk'],
  finance: ['NetSuite', 'QuickBooks', 'Xero', 'Bill.com'],
  people: ['Greenhouse', 'Lever', 'Workday', 'BambooHR'],
  data: ['Looker', 'Tableau', 'Power BI'],
};

/** What engineering ads name: the company's infrastructure, never a business tool. */
export const ENGINEERING_STACK: readonly string[] = [
  'AWS',
  'Kubernetes',
  'PostgreSQL',
  'TypeScript',
  'React',
  'Terraform',
  'Go',
  'Python',
  'Redis',
  'Kafka',
];
