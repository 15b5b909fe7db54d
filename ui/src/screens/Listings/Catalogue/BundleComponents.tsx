import { useState } from 'react';
import { errorText, useBundle, useSetBundleComponents, type Bundle } from '../../../api';
import { Alert, Button, ErrorState, Field, Input, Spinner } from '../../../index';
import * as styles from './Catalogue.css';
import * as bundleStyles from './BundleComponents.css';

/** The most units of a component one bundle may take (the API's limit). */
const MAX_UNITS = 9999;

/**
 * The drawer's Components section: a bundle (kit) is a SKU made of other SKUs of the catalogue. It
 * holds no stock of its own: it offers the least, over its components, of their available units
 * divided by the units one bundle takes; a sale of it takes its components' units on every channel.
 * Components are added and removed here; each change is saved at once.
 */
export function BundleComponents({ sku }: { sku: string }) {
  const bundle = useBundle(sku);
  return (
    <section className={styles.section} aria-labelledby="sku-components">
      <h3 id="sku-components" className={styles.sectionTitle}>
        Components
      </h3>
      {bundle.isPending ? (
        <Spinner label="Loading components..." />
      ) : bundle.isError ? (
        <ErrorState
          title="The components could not be loaded"
          description={errorText(bundle.error)}
          onRetry={() => bundle.refetch()}
          titleLevel={3}
        />
      ) : (
        <ComponentsEditor key={sku} bundle={bundle.data} />
      )}
    </section>
  );
}

function ComponentsEditor({ bundle }: { bundle: Bundle }) {
  const save = useSetBundleComponents(bundle.sku);
  const [componentSku, setComponentSku] = useState('');
  const [units, setUnits] = useState('1');
  const [problem, setProblem] = useState<string | null>(null);
  const current = bundle.components.map((c) => ({ sku: c.sku, quantity: c.quantity }));

  if (bundle.usedIn.length > 0 && bundle.components.length === 0)
    return (
      <p className={styles.muted}>
        {`A component of ${bundle.usedIn.length === 1 ? 'the bundle' : 'the bundles'} ${bundle.usedIn.join(', ')}: `}a
        component cannot be a bundle itself.
      </p>
    );

  const onAdd = () => {
    const wanted = componentSku.trim();
    const quantity = Number(units.trim());
    if (wanted === '') return setProblem('Enter the SKU of a product of your catalogue.');
    if (wanted === bundle.sku) return setProblem('A bundle cannot contain itself.');
    if (!/^\d{1,4}$/.test(units.trim()) || quantity < 1 || quantity > MAX_UNITS)
      return setProblem(`Units per bundle is a whole number from 1 to ${MAX_UNITS}.`);
    setProblem(null);
    save.mutate([...current.filter((c) => c.sku !== wanted), { sku: wanted, quantity }], {
      onSuccess: () => {
        setComponentSku('');
        setUnits('1');
      },
    });
  };

  return (
    <>
      {bundle.components.length === 0 ? (
        <p className={styles.muted}>
          Not a bundle. Add components to sell this SKU as a bundle (kit): it then offers as many as its components
          allow, and each sale takes their units on every channel.
        </p>
      ) : (
        <>
          <p className={bundleStyles.offer}>{`Bundle available: ${bundle.available}`}</p>
          <p className={styles.muted}>
            The least, over its components, of their available units divided by the units one bundle takes. With its
            last component removed, it offers nothing until the main channel is read for its own stock.
          </p>
          <ul className={bundleStyles.list} aria-label="Components of this bundle">
            {bundle.components.map((component) => (
              <li key={component.sku} className={bundleStyles.item}>
                <span className={bundleStyles.itemText}>
                  <span className={bundleStyles.itemSku}>{component.sku}</span>
                  <span>{component.title}</span>
                  <span className={bundleStyles.itemFigures}>
                    {`${component.quantity} per bundle · ${component.available} available`}
                  </span>
                </span>
                <Button
                  variant="secondary"
                  size="small"
                  aria-label={`Remove ${component.sku}`}
                  disabled={save.isPending}
                  onClick={() => save.mutate(current.filter((c) => c.sku !== component.sku))}
                >
                  Remove
                </Button>
              </li>
            ))}
          </ul>
        </>
      )}
      <form
        className={bundleStyles.addForm}
        aria-label="Add a component"
        onSubmit={(e) => {
          e.preventDefault();
          onAdd();
        }}
      >
        <Field label="Component SKU">
          {(control) => <Input {...control} value={componentSku} onChange={(e) => setComponentSku(e.target.value)} />}
        </Field>
        <Field label="Units per bundle">
          {(control) => (
            <Input {...control} inputMode="numeric" value={units} onChange={(e) => setUnits(e.target.value)} />
          )}
        </Field>
        <Button type="submit" variant="secondary" loading={save.isPending}>
          Add component
        </Button>
      </form>
      {problem ? <Alert tone="critical">{problem}</Alert> : null}
      {save.isError ? <Alert tone="critical">{errorText(save.error)}</Alert> : null}
    </>
  );
}
