import { useState, type FormEvent } from 'react';
import { Alert, Button, Dialog, DialogContent, Select, Stack, Text, TextField, useToast } from '../../index';
import {
  errorText,
  useConnectChannel,
  useCreateSandboxSeller,
  useStartConsent,
  type ChannelEnvironment,
  type MarketplaceKind,
} from '../../api';
import { marketplaceNames } from '../../shared/channels/channelTexts';
import { CONSENT_POPUP_FEATURES } from '../../shared/channels/consent';

/** The fields each typed-credential marketplace asks for, with the marketplace's own names. */
const credentialFields = {
  amazon: [
    { name: 'clientId', label: 'LWA Client ID' },
    { name: 'clientSecret', label: 'Client Secret', secret: true },
    { name: 'refreshToken', label: 'Refresh Token', secret: true },
    { name: 'sellerId', label: 'Seller ID (merchant token)' },
  ],
  walmart: [
    { name: 'clientId', label: 'Client ID' },
    { name: 'clientSecret', label: 'Client Secret', secret: true },
  ],
} as const;

export interface ConnectDialogProps {
  kind: MarketplaceKind;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Opens eBay's consent page (a popup in the browser). */
  openPopup?: (url: string) => void;
  /** Sends the whole page to Shopify's install page. */
  navigate?: (url: string) => void;
}

const openConsentPopup = (url: string) => window.open(url, 'marketplace-consent', CONSENT_POPUP_FEATURES);
const goTo = (url: string) => window.location.assign(url);

/** Connect one marketplace: typed credentials (Amazon, Walmart) or the marketplace's consent (eBay, Shopify). */
export function ConnectDialog({
  kind,
  open,
  onOpenChange,
  openPopup = openConsentPopup,
  navigate = goTo,
}: ConnectDialogProps) {
  const name = marketplaceNames[kind];
  const { toast } = useToast();
  const connect = useConnectChannel();
  const consent = useStartConsent();
  const sandboxSeller = useCreateSandboxSeller();
  const [environment, setEnvironment] = useState<ChannelEnvironment>('sandbox');
  const [values, setValues] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<string | null>(null);

  const fillFromSandbox = () =>
    sandboxSeller.mutate(kind, {
      onSuccess: (seller) => {
        setEnvironment('sandbox');
        setValues(seller.credentials);
        setProblem(null);
      },
      onError: (error) => setProblem(errorText(error)),
    });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setProblem(null);
    if (kind === 'amazon' || kind === 'walmart') {
      const credentials = Object.fromEntries(credentialFields[kind].map((f) => [f.name, values[f.name]?.trim() ?? '']));
      connect.mutate({ kind, environment, credentials } as Parameters<typeof connect.mutate>[0], {
        onSuccess: (channel) => {
          toast({
            title: `${name} Connected`,
            description:
              channel.role === 'main'
                ? `${channel.displayName} is your main channel.`
                : `${channel.displayName} is connected as a target.`,
            variant: 'success',
          });
          setValues({});
          onOpenChange(false);
        },
        onError: (error) => setProblem(errorText(error)),
      });
      return;
    }
    consent.mutate(
      {
        kind,
        environment,
        ...(kind === 'shopify' ? { shopDomain: values.shopDomain?.trim() ?? '' } : {}),
        ...(kind === 'ebay' && values.username ? { sellerHint: values.username } : {}),
      },
      {
        onSuccess: ({ authorizeUrl }) => {
          if (kind === 'ebay') {
            openPopup(authorizeUrl);
            onOpenChange(false);
          } else navigate(authorizeUrl);
        },
        onError: (error) => setProblem(errorText(error)),
      },
    );
  };

  const busy = connect.isPending || consent.isPending;

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent title={`Connect ${name}`} description={descriptionOf(kind)}>
        <form onSubmit={submit} aria-label={`Connect ${name}`}>
          <Stack space="large">
            <label>
              <Text size="small" weight="medium" as="span">
                Connect to
              </Text>
              <Select
                value={environment}
                onChange={(e) => setEnvironment(e.target.value as ChannelEnvironment)}
                aria-label="Connect to"
              >
                <option value="sandbox">{name} sandbox (built in, no account needed)</option>
                <option value="production">Live {name}</option>
              </Select>
            </label>
            {environment === 'sandbox' ? (
              <Button type="button" variant="secondary" onClick={fillFromSandbox} loading={sandboxSeller.isPending}>
                Use a sandbox seller
              </Button>
            ) : null}
            {kind === 'amazon' || kind === 'walmart'
              ? credentialFields[kind].map((field) => (
                  <TextField
                    key={field.name}
                    label={field.label}
                    name={field.name}
                    required
                    autoComplete="off"
                    type={'secret' in field ? 'password' : 'text'}
                    value={values[field.name] ?? ''}
                    onChange={(e) => setValues((v) => ({ ...v, [field.name]: e.target.value }))}
                  />
                ))
              : null}
            {kind === 'shopify' ? (
              <TextField
                label="Shop domain"
                name="shopDomain"
                required
                placeholder="your-store.myshopify.com"
                value={values.shopDomain ?? ''}
                onChange={(e) => setValues((v) => ({ ...v, shopDomain: e.target.value }))}
                hint="You will approve Marketplace Hub on Shopify, then come back here."
              />
            ) : null}
            {kind === 'ebay' ? (
              <Text size="small" tone="secondary">
                eBay opens in a small window. Sign in, choose Agree, and the window closes by itself.
                {values.username ? ` Sandbox seller: ${values.username}.` : ''}
              </Text>
            ) : null}
            {problem ? (
              <Alert tone="critical" title={`${name} did not connect`}>
                {problem}
              </Alert>
            ) : null}
            <Button type="submit" loading={busy}>
              {kind === 'ebay' ? 'Continue to eBay' : kind === 'shopify' ? 'Continue to Shopify' : `Connect ${name}`}
            </Button>
          </Stack>
        </form>
      </DialogContent>
    </Dialog>
  );
}

const descriptions: Record<MarketplaceKind, string> = {
  amazon: 'Your Selling Partner API app credentials. We check them with Amazon before saving them, encrypted.',
  walmart:
    'The Client ID and Client Secret from the Walmart Developer Portal. We check them with Walmart before saving them, encrypted.',
  ebay: 'Sign in to eBay and agree to give Marketplace Hub access to your inventory and orders.',
  shopify: 'Install Marketplace Hub on your Shopify store.',
};
const descriptionOf = (kind: MarketplaceKind) => descriptions[kind];
