/**
 * Compiled by `tsc --noEmit` (tsconfig includes tests/), never run: a web call's body and answer are typed by its
 * endpoint object, so each line marked @ts-expect-error must fail to compile. Should one compile, tsc reports the
 * unused directive and the typecheck fails.
 */
import { accountCalls } from '../../contract/account-calls';
import { mailTimingCalls } from '../../contract/mailings-calls';
import { reportCalls } from '../../contract/reports-calls';
import { complaints } from '../../resources/complaints';
import { endpointsOf } from '../../resources/endpoints';
import { call, callEnvelope, endpointQuery } from '../../src/api/call';

export async function callTypes() {
  // The good path: the body as the schema takes it (ids may be text), the answer as the schema describes it.
  const job = await call(mailTimingCalls.one, { id: 7 });
  const name: string = job.name;
  const next: string | null = job.next_run_at;
  const page = await call(mailTimingCalls.runs, { mail_job_id: '7', pageIndex: 1 });
  const sent: number | undefined = page.data[0]?.sent;

  // @ts-expect-error a field the body does not have
  await call(mailTimingCalls.one, { id: 7, sn: 'ESS1' });
  // @ts-expect-error a required field missing
  await call(mailTimingCalls.setEnabled, { id: 7 });
  // @ts-expect-error a field of the wrong type
  await call(mailTimingCalls.setEnabled, { id: 7, enabled: 'yes' });
  // @ts-expect-error a value outside the body's enum
  await call(mailTimingCalls.preview, { id: 7, user_id: 3, language: 'fr' });

  const removed = await call(mailTimingCalls.remove, { id: 7 });
  // @ts-expect-error the answer of DeleteMailJob is null, not a job
  const wrongAnswer: { name: string } = removed;
  // @ts-expect-error a job's id is a number, not text
  const wrongField: string = job.id;
  // @ts-expect-error the run's answer has no such field
  const missing = (await call(mailTimingCalls.run, { id: 7 })).mail_count;

  // A query's function answers what its call answers.
  const deliveries = await endpointQuery(mailTimingCalls.deliveries, { run_id: 1 }).queryFn();
  // @ts-expect-error deliveries are a list
  const wrongList: { state: string } = deliveries;

  // A download saves its file: it answers whether it did, with its name or the message shown instead.
  const saved = await call(reportCalls.download, { id: 7 }, { fallbackName: 'report.xlsx' });
  const fileName: string | undefined = saved.saved ? saved.fileName : undefined;
  // @ts-expect-error a download answers no report row
  const wrongFile: { file_name: string } = saved;
  // @ts-expect-error a download's body is its schema's
  await call(reportCalls.download, { report_id: 7 });
  // @ts-expect-error a download is no query
  endpointQuery(reportCalls.download, { id: 7 });

  // A declaration's generated calls are typed by its fields: filters and save values by name, rows with them.
  const generated = endpointsOf(complaints);
  const complaintPage = await call(generated.list!, { pageIndex: 1, status: ['submitted'], sys_sn: 'ESS1' });
  const title: string | undefined = complaintPage.data[0]?.title;
  const complaintId: number | undefined = complaintPage.data[0]?.id;
  const saved2 = await call(generated.save!, { title: 'Display dark', sys_sn: 'ESS1' });
  // @ts-expect-error a filter the declaration does not have
  await call(generated.list!, { pageIndex: 1, colour: 'red' });
  // @ts-expect-error a title is text, not a number
  await call(generated.save!, { title: 5 });
  // @ts-expect-error a row's title is text
  const wrongTitle: number = saved2.title;
  // @ts-expect-error a transition names its record
  await call(generated.transitions.accept!, { note: 'taken' });
  // @ts-expect-error a transition's note is text
  await call(generated.transitions.accept!, { id: 7, note: 5 });
  // @ts-expect-error the history answers a page of entries, not one
  const wrongHistory: { action: string } = await call(generated.history!, { id: 7 });

  // A page that reads the code itself gets the envelope, its data typed by the same object.
  const login = await callEnvelope(accountCalls.login, { username: 'a', password: 'b' });
  const code: number = login.code;
  const token: string = login.data.AccessToken;
  // @ts-expect-error the login's body has no such field
  await callEnvelope(accountCalls.login, { user: 'a', password: 'b' });
  // @ts-expect-error the login answers tokens, not the user's info
  const wrongEnvelope: string[] = login.data.roles;

  return {
    name,
    next,
    sent,
    wrongAnswer,
    wrongField,
    missing,
    wrongList,
    fileName,
    wrongFile,
    title,
    complaintId,
    wrongTitle,
    wrongHistory,
    code,
    token,
    wrongEnvelope,
  };
}
