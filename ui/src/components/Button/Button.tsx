import type { AnchorHTMLAttributes, ButtonHTMLAttributes, MouseEvent, ReactNode, Ref } from 'react';
import { useLinkComponent } from '../LinkProvider/LinkProvider';
import { SpinnerGlyph } from '../Spinner/Spinner';
import * as styles from './Button.css';
import type { ButtonSize, ButtonVariant } from './Button.variants';

export { buttonSizes, buttonVariants, type ButtonSize, type ButtonVariant } from './Button.variants';

interface ButtonStyleProps {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** Shows a spinner and blocks presses while an action is under way; the label stays. */
  loading?: boolean;
  fullWidth?: boolean;
  /** A leading icon; replaced by the spinner while loading. */
  icon?: ReactNode;
  children: ReactNode;
}

type NativeButtonProps = Omit<ButtonHTMLAttributes<HTMLButtonElement>, keyof ButtonStyleProps>;
type NativeAnchorProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, keyof ButtonStyleProps>;

export type ButtonProps =
  | (ButtonStyleProps & NativeButtonProps & { href?: undefined; ref?: Ref<HTMLButtonElement> })
  | (ButtonStyleProps &
      NativeAnchorProps & {
        /** Renders a link (through the app's LinkProvider) that looks like a button. */
        href: string;
        disabled?: boolean;
        ref?: Ref<HTMLAnchorElement>;
      });

export function Button(props: ButtonProps) {
  const LinkComponent = useLinkComponent();
  const { variant, size, loading = false, fullWidth = false, icon, children, className, ...rest } = props;
  const classes = [styles.button({ variant, size, fullWidth }), className].filter(Boolean).join(' ');
  const content = (
    <>
      {loading ? (
        <SpinnerGlyph size="small" />
      ) : icon ? (
        <span className={styles.icon} aria-hidden="true">
          {icon}
        </span>
      ) : null}
      {children}
    </>
  );

  if (rest.href !== undefined) {
    const { disabled = false, onClick, ...anchorProps } = rest;
    const inactive = disabled || loading;
    // Anchors cannot be disabled natively: announce it and swallow the press instead.
    const guardedClick = (event: MouseEvent<HTMLAnchorElement>) => {
      if (inactive) {
        event.preventDefault();
        return;
      }
      onClick?.(event);
    };
    return (
      <LinkComponent
        {...anchorProps}
        className={classes}
        aria-disabled={inactive || undefined}
        aria-busy={loading || undefined}
        onClick={guardedClick}
      >
        {content}
      </LinkComponent>
    );
  }

  const { disabled, type = 'button', ...buttonProps } = rest;
  return (
    <button
      {...buttonProps}
      // Default to "button" so a Button inside a form never submits it by accident.
      type={type}
      className={classes}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
    >
      {content}
    </button>
  );
}
