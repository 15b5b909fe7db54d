import { useState } from 'react';
import {
  Alert,
  Badge,
  Button,
  Dialog,
  DialogContent,
  Field,
  Select,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  Text,
  type BadgeTone,
} from '../../../index';
import { errorText, useChannels, useCheckPublish, usePublishListings, type PublishCheckItem } from '../../../api';
import { marketplaceNames } from '../../../shared/channels/channelTexts';
import { PublishSettingsSection } from './PublishSettings';
import * as styles from './Publish.css';

export interface PublishDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  productIds: string[];
}

const statusBadges = {
  ready: { label: 'Ready', tone: 'positive' },
  missing: { label: 'Missing fields', tone: 'caution' },
  listed: { label: 'Already listed', tone: 'neutral' },
} as const satisfies Record<PublishCheckItem['status'], { label: string; tone: BadgeTone }>;

const count = (n: number) => n.toLocaleString('en-US');
const products = (n: number) => `${count(n)} ${n === 1 ? 'product' : 'products'}`;

/**
 * Publish products of the main channel on a target channel (pages.md section 3): choose the
 * channel, make the choices its marketplace leaves to the seller (Amazon's product type; eBay's
 * category, location and policies: once for the channel), see per product what the marketplace
 * requires that it lacks, then list the ready ones (pending until the marketplace confirms).
 */
export function PublishDialog({ open, onOpenChange, productIds }: PublishDialogProps) {
  const channels = useChannels();
  const targets = (channels.data?.items ?? []).filter((c) => c.role === 'target');
  const [channelId, setChannelId] = useState('');
  const check = useCheckPublish();
  const publish = usePublishListings();

  const chooseChannel = (id: string) => {
    setChannelId(id);
    publish.reset();
    check.reset();
    if (id) check.mutate({ channelId: id, productIds });
  };

  const close = (next: boolean) => {
    if (!next) {
      setChannelId('');
      check.reset();
      publish.reset();
    }
    onOpenChange(next);
  };

  const items = check.data?.items ?? [];
  const ready = items.filter((i) => i.status === 'ready').length;
  const channel = targets.find((c) => c.id === channelId);

  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent
        title="Publish to a channel"
        description={`List ${products(productIds.length)} of your main channel on another channel.`}
      >
        <Stack space="medium">
          <Field label="Channel">
            {(control) => (
              <Select {...control} value={channelId} onChange={(e) => chooseChannel(e.target.value)}>
                <option value="">Choose a channel</option>
                {targets.map((c) => (
                  <option key={c.id} value={c.id}>
                    {marketplaceNames[c.kind]} · {c.displayName}
                  </option>
                ))}
              </Select>
            )}
          </Field>
          {check.isPending ? (
            <Text size="small" tone="secondary">
              Checking what {channel ? marketplaceNames[channel.kind] : 'the marketplace'} requires…
            </Text>
          ) : null}
          {check.isError ? <Alert tone="critical">{errorText(check.error)}</Alert> : null}
          {channel && !publish.data ? (
            <PublishSettingsSection
              key={channel.id}
              channelId={channel.id}
              kind={channel.kind}
              onSaved={() => check.mutate({ channelId, productIds })}
            />
          ) : null}
          {publish.data ? (
            <Alert tone="positive" title="Published">
              {`${products(publish.data.published)} listed on ${channel ? marketplaceNames[channel.kind] : 'the channel'}, pending until the marketplace confirms.`}
              {publish.data.notReady > 0 ? ` ${products(publish.data.notReady)} left out: fields missing.` : ''}
            </Alert>
          ) : check.data ? (
            <>
              <Text size="small" tone="secondary">
                {`${products(ready)} ready to publish on ${marketplaceNames[check.data.channelKind]}.`}
              </Text>
              <Table caption="What each product needs">
                <TableHeader>
                  <TableRow>
                    <TableHeaderCell>SKU</TableHeaderCell>
                    <TableHeaderCell>Status</TableHeaderCell>
                    <TableHeaderCell>Missing</TableHeaderCell>
                  </TableRow>
                </TableHeader>
                <TableBody>
                  {items.map((item) => (
                    <TableRow key={item.productId}>
                      <TableCell>
                        <div>{item.sku}</div>
                        {item.title ? (
                          <Text size="small" tone="secondary">
                            {item.title}
                          </Text>
                        ) : null}
                      </TableCell>
                      <TableCell>
                        <Badge tone={statusBadges[item.status].tone}>{statusBadges[item.status].label}</Badge>
                      </TableCell>
                      <TableCell>
                        {item.missing.length > 0 ? (
                          <ul className={styles.missing}>
                            {item.missing.map((m) => (
                              <li key={m}>{m}</li>
                            ))}
                          </ul>
                        ) : null}
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </>
          ) : null}
          {publish.isError ? <Alert tone="critical">{errorText(publish.error)}</Alert> : null}
          <div className={styles.actions}>
            <Button variant="secondary" onClick={() => close(false)}>
              {publish.data ? 'Done' : 'Cancel'}
            </Button>
            {check.data && !publish.data ? (
              <Button
                disabled={ready === 0}
                loading={publish.isPending}
                onClick={() => publish.mutate({ channelId, productIds })}
              >
                {`Publish ${products(ready)}`}
              </Button>
            ) : null}
          </div>
        </Stack>
      </DialogContent>
    </Dialog>
  );
}
