// `npm start`: the whole app on the embedded default, until Ctrl-C. The banner goes to this
// terminal only (console.log, never the logger or a file): it holds the demo owner's one-time password.
import { loadConfigOrExit } from '../../src/core/config.ts';
import { demoSignInLines } from '../seed/demo-owner.ts';
import { startStack } from '../stack/start-stack.ts';

const log = (message: string) => console.log(`[meetflow] ${message}`);

const config = loadConfigOrExit();
const started = performance.now();

try {
  const stack = await startStack(config, log);
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(
    [
      '',
      `  Meetflow is running (ready in ${seconds} s)`,
      `  App          ${stack.appUrl}`,
      ...demoSignInLines(stack.demo),
      `  API health   ${stack.appUrl}/api/health`,
      ...(stack.temporalUiUrl ? [`  Temporal UI  ${stack.temporalUiUrl}`] : []),
      ...(stack.samplesUrl ? [`  Samples      ${stack.samplesUrl} (customer sites for the ICP builder: see README)`] : []),
      ...(stack.mail
        ? [
            `  Mail         SMTP ${stack.mail.host}:${stack.mail.smtpPort} · IMAP ${stack.mail.host}:${stack.mail.imapPort} (local: what the demo mailbox sends, and password-reset and verification emails, land here)`,
            `               read and answer it with  npm run mail  (see README)`,
          ]
        : []),
      ...(stack.caldav
        ? [
            `  Calendar     ${stack.caldav.calendarUrl} (CalDAV, Radicale: the demo owner's calendar)`,
            `               user ${stack.caldav.username} · password ${stack.caldav.password}`,
          ]
        : []),
      `  Database     ${stack.mongoUri}`,
      `  Temporal     ${stack.temporalAddress}`,
      '',
      '  A part that crashes is restarted by itself; press Ctrl-C to stop everything.',
      '',
    ].join('\n'),
  );

  let stopping = false;
  const stop = async (reason: string, code: number) => {
    if (stopping) return;
    stopping = true;
    log(`${reason}: stopping`);
    await stack.stop();
    log('stopped');
    process.exit(code);
  };
  process.on('SIGINT', () => void stop('Ctrl-C', 0));
  process.on('SIGTERM', () => void stop('SIGTERM', 0));
} catch (error) {
  console.error(`[meetflow] could not start: ${(error as Error).message}`);
  process.exit(1);
}
