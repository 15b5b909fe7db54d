import {
  createContext,
  useContext,
  type AnchorHTMLAttributes,
  type ComponentType,
  type ReactNode,
  type Ref,
} from 'react';

export interface LinkComponentProps extends AnchorHTMLAttributes<HTMLAnchorElement> {
  href: string;
  ref?: Ref<HTMLAnchorElement>;
}

/** Any component that renders an anchor for `href`: a router's Link, or a plain <a>. */
export type LinkComponent = ComponentType<LinkComponentProps>;

function PlainAnchor(props: LinkComponentProps) {
  return <a {...props} />;
}

const LinkComponentContext = createContext<LinkComponent>(PlainAnchor);

interface LinkProviderProps {
  /** Rendered wherever the design system shows a link (Button with href, Sidebar items). */
  component: LinkComponent;
  children: ReactNode;
}

/**
 * The design system knows nothing of the app's router. The app passes its router's
 * link here, so internal links navigate without a page load (as Braid's linkComponent).
 */
export function LinkProvider({ component, children }: LinkProviderProps) {
  return <LinkComponentContext.Provider value={component}>{children}</LinkComponentContext.Provider>;
}

export function useLinkComponent(): LinkComponent {
  return useContext(LinkComponentContext);
}
