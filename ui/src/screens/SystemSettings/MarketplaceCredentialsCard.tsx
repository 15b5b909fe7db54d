import { useState, type FormEvent } from 'react';
import { Alert, Badge, Button, Card, Heading, Input, Stack, Text, useToast } from '../../index';
import { errorText, useUpdatePlatformSettings, type PlatformSettings } from '../../api';
import * as styles from './SystemSettings.css';

type Credentials = PlatformSettings['marketplaceCredentials'];
type CredentialName = keyof Credentials;

const credentialLabels: Record<CredentialName, string> = {
  ebayClientId: 'eBay App ID (client ID)',
  ebayClientSecret: 'eBay Cert ID (client secret)',
  ebayRuName: 'eBay RuName',
  shopifyClientId: 'Shopify client ID',
  shopifyClientSecret: 'Shopify client secret',
};
const names = Object.keys(credentialLabels) as CredentialName[];

/**
 * Our applications' credentials on eBay and Shopify: written, never read back. The server says only
 * whether each is set; a new value replaces it, "Remove" clears it.
 */
export function MarketplaceCredentialsCard({ credentials }: { credentials: Credentials }) {
  const update = useUpdatePlatformSettings();
  const { toast } = useToast();
  const [values, setValues] = useState<Partial<Record<CredentialName, string>>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const entered = Object.fromEntries(
    Object.entries(values).filter(([, value]) => value !== undefined && value.trim() !== ''),
  ) as Partial<Record<CredentialName, string>>;

  const save = (changes: Partial<Record<CredentialName, string | null>>, done: string) =>
    update.mutate(
      { marketplaceCredentials: changes },
      {
        onSuccess: () => {
          setValues({});
          setProblem(null);
          toast({ title: 'Credentials Saved', description: done, variant: 'success' });
        },
        onError: (error) => setProblem(errorText(error)),
      },
    );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (Object.keys(entered).length === 0) return;
    save(entered, 'They are stored encrypted and recorded in the audit log, never their values.');
  };

  return (
    <Card padding="large">
      <form onSubmit={submit} aria-label="Marketplace applications" className={styles.form}>
        <Stack space="large">
          <Heading level="2">Marketplace applications</Heading>
          <Text size="small" tone="secondary">
            Our applications registered with eBay and Shopify, which sellers consent to. Values are stored encrypted and
            never shown again.
          </Text>
          {names.map((name) => {
            const id = `credential-${name}`;
            return (
              <div key={name} className={styles.credential}>
                <div className={styles.credentialHead}>
                  <label htmlFor={id}>{credentialLabels[name]}</label>
                  <Badge tone={credentials[name] ? 'positive' : 'neutral'}>
                    {credentials[name] ? 'Set' : 'Not set'}
                  </Badge>
                </div>
                <Input
                  id={id}
                  type="password"
                  autoComplete="off"
                  placeholder={credentials[name] ? 'Enter a new value to replace it' : 'Not set'}
                  value={values[name] ?? ''}
                  onChange={(event) => setValues((v) => ({ ...v, [name]: event.target.value }))}
                  maxLength={500}
                />
                {credentials[name] ? (
                  <div className={styles.actions}>
                    <Button
                      variant="ghost"
                      size="small"
                      disabled={update.isPending}
                      onClick={() => save({ [name]: null }, `${credentialLabels[name]} was removed.`)}
                    >
                      {`Remove ${credentialLabels[name]}`}
                    </Button>
                  </div>
                ) : null}
              </div>
            );
          })}
          {problem ? <Alert tone="critical">{problem}</Alert> : null}
          <div className={styles.actions}>
            <Button type="submit" loading={update.isPending} disabled={Object.keys(entered).length === 0}>
              Save credentials
            </Button>
          </div>
        </Stack>
      </form>
    </Card>
  );
}
