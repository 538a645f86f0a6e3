import { ACUITY } from './providers/acuity.js';
import { AFFIRM } from './providers/affirm.js';
import { AFTERSHIP } from './providers/aftership.js';
import { AIRTABLE } from './providers/airtable.js';
import { AIRWALLEX } from './providers/airwallex.js';
import { ALCHEMY } from './providers/alchemy.js';
import { API_VIDEO } from './providers/api-video.js';
import { ASANA } from './providers/asana.js';
import { ATTIO } from './providers/attio.js';
import { AUTHORIZE_NET } from './providers/authorize-net.js';
import { AZURE_DEVOPS } from './providers/azure-devops.js';
import { BANDWIDTH } from './providers/bandwidth.js';
import { BIRD } from './providers/bird.js';
import { BITBUCKET } from './providers/bitbucket.js';
import { BOX } from './providers/box.js';
import { BREX } from './providers/brex.js';
import { BUILDKITE } from './providers/buildkite.js';
import { CAL_COM } from './providers/cal-com.js';
import { CALENDLY } from './providers/calendly.js';
import { CASHFREE } from './providers/cashfree.js';
import { CHARGEBEE } from './providers/chargebee.js';
import { CHECKOUT_COM } from './providers/checkout-com.js';
import { CIRCLE } from './providers/circle.js';
import { CIRCLECI } from './providers/circleci.js';
import { CLERK } from './providers/clerk.js';
import { CLICKUP } from './providers/clickup.js';
import { CLOSE } from './providers/close.js';
import { CLOUDFLARE } from './providers/cloudflare.js';
import { COINBASE_COMMERCE } from './providers/coinbase-commerce.js';
import { CONFIGCAT } from './providers/configcat.js';
import { CUSTOMER_IO } from './providers/customer-io.js';
import { DATOCMS } from './providers/datocms.js';
import { DISCORD } from './providers/discord.js';
import { DISCOURSE } from './providers/discourse.js';
import { DOCUSIGN } from './providers/docusign.js';
import { DOPPLER } from './providers/doppler.js';
import { DROPBOX } from './providers/dropbox.js';
import { DUB } from './providers/dub.js';
import { DWOLLA } from './providers/dwolla.js';
import { EASYPOST } from './providers/easypost.js';
import { ELEVENLABS } from './providers/elevenlabs.js';
import { ETSY } from './providers/etsy.js';
import { EXPO } from './providers/expo.js';
import { FASTSPRING } from './providers/fastspring.js';
import { FIGMA } from './providers/figma.js';
import { FINCH } from './providers/finch.js';
import { FIREBLOCKS } from './providers/fireblocks.js';
import { FLAGSMITH } from './providers/flagsmith.js';
import { FLUTTERWAVE } from './providers/flutterwave.js';
import { FORGEJO } from './providers/forgejo.js';
import { FRAME_IO } from './providers/frame-io.js';
import { FRONT } from './providers/front.js';
import { GHOST } from './providers/ghost.js';
import { GITEA } from './providers/gitea.js';
import { GITHUB } from './providers/github.js';
import { GITLAB } from './providers/gitlab.js';
import { GOCARDLESS } from './providers/gocardless.js';
import { GOGS } from './providers/gogs.js';
import { GRAFANA } from './providers/grafana.js';
import { GUSTO } from './providers/gusto.js';
import { HELIUS } from './providers/helius.js';
import { HELP_SCOUT } from './providers/help-scout.js';
import { HEROKU } from './providers/heroku.js';
import { HUBSPOT } from './providers/hubspot.js';
import { HUGGING_FACE } from './providers/hugging-face.js';
import { INCIDENT_IO } from './providers/incident-io.js';
import { INTERCOM } from './providers/intercom.js';
import { JIRA } from './providers/jira.js';
import { KNOCK } from './providers/knock.js';
import { LAGO } from './providers/lago.js';
import { LAUNCHDARKLY } from './providers/launchdarkly.js';
import { LEMON_SQUEEZY } from './providers/lemon-squeezy.js';
import { LINE } from './providers/line.js';
import { LINEAR } from './providers/linear.js';
import { LOOPS } from './providers/loops.js';
import { LUSHA } from './providers/lusha.js';
import { MAILERSEND } from './providers/mailersend.js';
import { MAILGUN } from './providers/mailgun.js';
import { MANDRILL } from './providers/mandrill.js';
import { MARQETA } from './providers/marqeta.js';
import { MAXIO } from './providers/maxio.js';
import { MERCADO_PAGO } from './providers/mercado-pago.js';
import { META } from './providers/meta.js';
import { METRONOME } from './providers/metronome.js';
import { MICROSOFT_GRAPH } from './providers/microsoft-graph.js';
import { MICROSOFT_TEAMS } from './providers/microsoft-teams.js';
import { MIXPANEL } from './providers/mixpanel.js';
import { MODERN_TREASURY } from './providers/modern-treasury.js';
import { MONNIFY } from './providers/monnify.js';
import { MUX } from './providers/mux.js';
import { NETLIFY } from './providers/netlify.js';
import { NOTION } from './providers/notion.js';
import { NYLAS } from './providers/nylas.js';
import { OKTA } from './providers/okta.js';
import { ONFIDO } from './providers/onfido.js';
import { OPENAI } from './providers/openai.js';
import { ORB } from './providers/orb.js';
import { PADDLE } from './providers/paddle.js';
import { PAGERDUTY } from './providers/pagerduty.js';
import { PANDADOC } from './providers/pandadoc.js';
import { PAYSTACK } from './providers/paystack.js';
import { PERSONA } from './providers/persona.js';
import { PIPEDRIVE } from './providers/pipedrive.js';
import { PLAID } from './providers/plaid.js';
import { PLANETSCALE } from './providers/planetscale.js';
import { POLAR } from './providers/polar.js';
import { POSTMARK } from './providers/postmark.js';
import { PRISMIC } from './providers/prismic.js';
import { PULUMI } from './providers/pulumi.js';
import { QUICKBOOKS } from './providers/quickbooks.js';
import { RAZORPAY } from './providers/razorpay.js';
import { RECURLY } from './providers/recurly.js';
import { RENDER } from './providers/render.js';
import { REPLICATE } from './providers/replicate.js';
import { RESEND } from './providers/resend.js';
import { REVENUECAT } from './providers/revenuecat.js';
import { REVOLUT } from './providers/revolut.js';
import { RINGCENTRAL } from './providers/ringcentral.js';
import { SANITY } from './providers/sanity.js';
import { SEGMENT } from './providers/segment.js';
import { SENDGRID } from './providers/sendgrid.js';
import { SENTRY } from './providers/sentry.js';
import { SHIPPO } from './providers/shippo.js';
import { SHOPIFY } from './providers/shopify.js';
import { SHORTCUT } from './providers/shortcut.js';
import { SINCH } from './providers/sinch.js';
import { SLACK } from './providers/slack.js';
import { SMARTSHEET } from './providers/smartsheet.js';
import { SNYK } from './providers/snyk.js';
import { SPARKPOST } from './providers/sparkpost.js';
import { SQUARE } from './providers/square.js';
import { STANDARD_WEBHOOKS } from './providers/standard-webhooks.js';
import { STORYBLOK } from './providers/storyblok.js';
import { STRIPE } from './providers/stripe.js';
import { STYTCH } from './providers/stytch.js';
import { SUMSUB } from './providers/sumsub.js';
import { SUPABASE } from './providers/supabase.js';
import { SVIX } from './providers/svix.js';
import { TALLY } from './providers/tally.js';
import { TELEGRAM } from './providers/telegram.js';
import { TELLER } from './providers/teller.js';
import { TELNYX } from './providers/telnyx.js';
import { TERRAFORM_CLOUD } from './providers/terraform-cloud.js';
import { TIKTOK } from './providers/tiktok.js';
import { TODOIST } from './providers/todoist.js';
import { TRELLO } from './providers/trello.js';
import { TWILIO } from './providers/twilio.js';
import { TWITCH } from './providers/twitch.js';
import { TYPEFORM } from './providers/typeform.js';
import { VANTA } from './providers/vanta.js';
import { VERCEL } from './providers/vercel.js';
import { VERIFF } from './providers/veriff.js';
import { VIBER } from './providers/viber.js';
import { VONAGE } from './providers/vonage.js';
import { WEBEX } from './providers/webex.js';
import { WEBFLOW } from './providers/webflow.js';
import { WISE } from './providers/wise.js';
import { WOOCOMMERCE } from './providers/woocommerce.js';
import { WORKOS } from './providers/workos.js';
import { X } from './providers/x.js';
import { XENDIT } from './providers/xendit.js';
import { XERO } from './providers/xero.js';
import { ZENDESK } from './providers/zendesk.js';
import { ZOOM } from './providers/zoom.js';
import { ZULIP } from './providers/zulip.js';
import type { ProviderRecord } from '../types.js';

/**
 * Every provider, in header-detection order: detectProvider (../detect-provider.ts) names the first one whose
 * signature header a request carries, and several providers share one (x-hub-signature-256: GitHub before Meta;
 * x-signature, x-hub-signature, webhook-signature, ...). Each record lives in providers/<slug>.ts.
 *
 * A new provider goes at the end, so the detection of every earlier one never changes.
 */
export const PROVIDERS_IN_DETECTION_ORDER: readonly ProviderRecord[] = [
  // Standard Webhooks
  STANDARD_WEBHOOKS,
  SVIX,
  CLERK,
  RESEND,
  SUPABASE,
  OPENAI,
  REPLICATE,
  POLAR,
  FINCH,
  // HMAC with a signed timestamp
  STRIPE,
  MUX,
  SHIPPO,
  CALENDLY,
  PERSONA,
  WORKOS,
  TIKTOK,
  BUILDKITE,
  KNOCK,
  AFFIRM,
  PADDLE,
  RECURLY,
  SLACK,
  ZOOM,
  CUSTOMER_IO,
  TWITCH,
  ZENDESK,
  FRONT,
  SINCH,
  // HMAC over the body
  GITHUB,
  SHOPIFY,
  META,
  INTERCOM,
  BITBUCKET,
  VERCEL,
  PAYSTACK,
  AUTHORIZE_NET,
  LINEAR,
  SENTRY,
  RAZORPAY,
  DROPBOX,
  CHECKOUT_COM,
  COINBASE_COMMERCE,
  DUB,
  CAL_COM,
  ASANA,
  SEGMENT,
  AIRTABLE,
  MICROSOFT_TEAMS,
  PAGERDUTY,
  DOCUSIGN,
  // HMAC over request context (the URL, method, form fields, values in the body)
  SQUARE,
  HUBSPOT,
  TRELLO,
  TWILIO,
  MANDRILL,
  // Asymmetric: the endpoint's secret is the provider's public key
  DISCORD,
  TELNYX,
  SENDGRID,
  WISE,
  // JWT with a body hash
  NETLIFY,
  // Static token / Basic: proves who sent the request, not what it says (authenticated, never verified)
  GITLAB,
  TELEGRAM,
  POSTMARK,
  CHARGEBEE,
  MIXPANEL,

  // Added later (issue 10), after every earlier provider, in the same family order.
  // Standard Webhooks
  STYTCH,
  VANTA,
  RENDER,
  BREX,
  INCIDENT_IO,
  ETSY,
  LOOPS,
  // HMAC with a signed timestamp
  WEBFLOW,
  REVOLUT,
  SANITY,
  AIRWALLEX,
  CLOSE,
  FRAME_IO,
  ELEVENLABS,
  ORB,
  METRONOME,
  BOX,
  CONFIGCAT,
  GHOST,
  CASHFREE,
  TELLER,
  LUSHA,
  // HMAC over the body
  ALCHEMY,
  API_VIDEO,
  ACUITY,
  AFTERSHIP,
  ATTIO,
  MAXIO,
  CIRCLECI,
  CLICKUP,
  DISCOURSE,
  DOPPLER,
  DWOLLA,
  EASYPOST,
  EXPO,
  FASTSPRING,
  FLAGSMITH,
  FORGEJO,
  GITEA,
  GOCARDLESS,
  GOGS,
  GRAFANA,
  GUSTO,
  HELP_SCOUT,
  HEROKU,
  JIRA,
  LAGO,
  LAUNCHDARKLY,
  LEMON_SQUEEZY,
  LINE,
  MAILERSEND,
  MODERN_TREASURY,
  MONNIFY,
  NOTION,
  NYLAS,
  ONFIDO,
  PLANETSCALE,
  PULUMI,
  QUICKBOOKS,
  SHORTCUT,
  SMARTSHEET,
  SNYK,
  STORYBLOK,
  SUMSUB,
  TALLY,
  TERRAFORM_CLOUD,
  TODOIST,
  TYPEFORM,
  VERIFF,
  VIBER,
  WEBEX,
  WOOCOMMERCE,
  X,
  XERO,
  // HMAC over request context (the URL, method, form fields, values in the body)
  MAILGUN,
  PANDADOC,
  MERCADO_PAGO,
  BIRD,
  // Asymmetric: the endpoint's secret is the provider's public key
  CIRCLE,
  FIREBLOCKS,
  // JWT with a body hash
  VONAGE,
  PLAID,
  // Static token / Basic: proves who sent the request, not what it says (authenticated, never verified)
  OKTA,
  SPARKPOST,
  FLUTTERWAVE,
  XENDIT,
  HUGGING_FACE,
  CLOUDFLARE,
  REVENUECAT,
  RINGCENTRAL,
  MICROSOFT_GRAPH,
  FIGMA,
  ZULIP,
  PRISMIC,
  MARQETA,
  BANDWIDTH,
  AZURE_DEVOPS,
  PIPEDRIVE,
  DATOCMS,
  HELIUS,
];
