import { Accordion, AccordionItem } from '../../components/Accordion/Accordion';
import { Badge } from '../../components/Badge/Badge';
import { Card } from '../../components/Card/Card';
import { mailto, supportEmail, supportHours, supportResponseTime } from '../../shared/marketing/contact';
import { BookIcon, MailIcon, PlayIcon } from '../../shared/marketing/icons';
import { AnchorButton } from '../../shared/marketing/links';
import { PublicPage, SignedOutHeader } from '../../shared/marketing/PublicPage';
import * as marketing from '../../shared/marketing/marketing.css';
import { operationalLabel, questions, setupGuides, statusServices } from './supportContent';
import * as styles from './SupportCentre.css';
import type { ContentFrame } from './SupportCentre.variants';

export interface SupportCentreProps {
  /**
   * Signed-in users see the page inside the app's shell (sidebar and user menu), so the
   * page brings no header links of its own. Visitors get "Back to Home" and "Sign In".
   */
  signedIn: boolean;
}

export const setupGuidesId = 'setup-guides';

export { contentFrames, type ContentFrame } from './SupportCentre.variants';

/** The support centre (/support): public, and also shown inside the signed-in shell. */
export function SupportCentre({ signedIn }: SupportCentreProps) {
  if (signedIn) return <SupportContent frame="shell" />;
  return (
    <PublicPage header={<SignedOutHeader />}>
      <SupportContent frame="page" />
    </PublicPage>
  );
}

function SupportContent({ frame }: { frame: ContentFrame }) {
  return (
    <div className={styles.content({ frame })}>
      <div className={styles.hero}>
        <p className={marketing.eyebrow}>Help and support</p>
        <h1 className={marketing.pageTitle}>Support Centre</h1>
        <p className={marketing.lead}>
          Setup guides for every marketplace, answers to common questions, and a real person when you need one.
        </p>
        <AnchorButton size="large" href={mailto(supportEmail)} icon={<MailIcon size={18} />}>
          Email Support
        </AnchorButton>
      </div>

      <SupportOptions />
      <SetupGuides />

      <div className={styles.helpGrid}>
        <FrequentlyAskedQuestions />
        <div className={styles.sidePanels}>
          <SystemStatus />
          <ContactBlock />
        </div>
      </div>
    </div>
  );
}

function SupportOptions() {
  return (
    <section className={styles.block} aria-labelledby="support-options-title">
      <h2 id="support-options-title" className={styles.blockTitle}>
        Ways to get help
      </h2>
      <ul className={marketing.grid({ columns: 'three' })} role="list">
        <li className={marketing.gridItem}>
          <Card as="article">
            <div className={styles.optionTop}>
              <span className={marketing.iconTile({ tone: 'brand' })}>
                <MailIcon />
              </span>
              <div>
                <h3 className={styles.optionTitle}>Email Support</h3>
                <p className={marketing.cardText}>Response {supportResponseTime}</p>
              </div>
            </div>
            <p className={marketing.cardText}>
              Write to{' '}
              <a className={marketing.textLink} href={mailto(supportEmail)}>
                {supportEmail}
              </a>{' '}
              with your question, and include the marketplace and SKU if it is about a sync.
            </p>
          </Card>
        </li>
        <li className={marketing.gridItem}>
          <Card as="article">
            <div className={styles.optionTop}>
              <span className={marketing.iconTile({ tone: 'info' })}>
                <BookIcon />
              </span>
              <div>
                <h3 className={styles.optionTitle}>Documentation</h3>
                <p className={marketing.cardText}>Available 24/7</p>
              </div>
            </div>
            <p className={marketing.cardText}>
              Step-by-step{' '}
              <a className={marketing.textLink} href={`#${setupGuidesId}`}>
                setup guides
              </a>{' '}
              for every marketplace and answers to the questions sellers ask most.
            </p>
          </Card>
        </li>
        <li className={marketing.gridItem}>
          <Card as="article">
            <div className={styles.optionTop}>
              <span className={marketing.iconTile({ tone: 'positive' })}>
                <PlayIcon />
              </span>
              <div>
                <h3 className={styles.optionTitle}>Video Tutorials</h3>
                <p className={marketing.cardText}>On demand</p>
              </div>
            </div>
            <p className={marketing.cardText}>
              Short walkthroughs of connecting channels, choosing a main channel and setting up pricing rules.
            </p>
          </Card>
        </li>
      </ul>
    </section>
  );
}

function SetupGuides() {
  return (
    <section id={setupGuidesId} className={styles.block} aria-labelledby="setup-guides-title">
      <div className={styles.blockHeader}>
        <h2 id="setup-guides-title" className={styles.blockTitle}>
          Quick setup guides
        </h2>
        <p className={marketing.body}>
          Connect each marketplace in a few minutes, then choose which one is your main channel.
        </p>
      </div>
      <ul className={marketing.grid({ columns: 'two' })} role="list">
        {setupGuides.map((guide) => (
          <li key={guide.marketplace} className={marketing.gridItem}>
            <Card as="article">
              <h3 className={styles.optionTitle}>{guide.title}</h3>
              <ol className={styles.steps} aria-label={`${guide.title} steps`}>
                {guide.steps.map((step) => (
                  <li key={step}>{step}</li>
                ))}
              </ol>
            </Card>
          </li>
        ))}
      </ul>
    </section>
  );
}

function FrequentlyAskedQuestions() {
  return (
    <section className={styles.block} aria-labelledby="faq-title">
      <h2 id="faq-title" className={styles.blockTitle}>
        Frequently Asked Questions
      </h2>
      {/* One answer open at a time, and the open one collapses again (type="single" collapsible). */}
      <Accordion>
        {questions.map((item) => (
          <AccordionItem key={item.id} value={item.id} title={item.question}>
            {item.answer}
          </AccordionItem>
        ))}
      </Accordion>
    </section>
  );
}

function SystemStatus() {
  return (
    <Card title="System Status" titleLevel={2}>
      <ul className={styles.statusList} role="list">
        {statusServices.map((service) => (
          <li key={service} className={styles.statusRow}>
            <span>{service}</span>
            <Badge tone="positive">
              <span className={styles.statusDot} aria-hidden="true" />
              {operationalLabel}
            </Badge>
          </li>
        ))}
      </ul>
    </Card>
  );
}

function ContactBlock() {
  return (
    <Card title="Contact Us" titleLevel={2}>
      <dl className={styles.contactList}>
        <div>
          <dt className={styles.contactTerm}>Email</dt>
          <dd className={styles.contactValue}>
            <a className={marketing.textLink} href={mailto(supportEmail)}>
              {supportEmail}
            </a>
          </dd>
        </div>
        <div>
          <dt className={styles.contactTerm}>Response time</dt>
          <dd className={styles.contactValue}>We reply {supportResponseTime}</dd>
        </div>
        <div>
          <dt className={styles.contactTerm}>Business hours</dt>
          <dd className={styles.contactValue}>{supportHours}</dd>
        </div>
      </dl>
    </Card>
  );
}
