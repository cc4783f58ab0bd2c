import { SaveOutlined, WarningOutlined } from '@ant-design/icons';
import {
  MEDICAL_RECORD_STATUSES,
  type MedicalAnswer,
  type MedicalRecordStatus,
  type PatientMedicalHistory,
  type PatientMedicalQuestion,
  answerProblem,
} from '@dental/contract';
import {
  Alert,
  Button,
  Card,
  Col,
  Empty,
  Flex,
  Form,
  Input,
  Row,
  Select,
  Skeleton,
  Tag,
  Tooltip,
  Typography,
} from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../lib/api';
import { fieldErrorText } from '../../../lib/i18n';
import { formatDateTime } from '../../../lib/format';
import { useCan } from '../../../lib/permissions';
import { notify } from '../../../lib/toast';
import { MEDICAL_WRITE_KEYS, usePatientMedicalHistory, useSavePatientMedicalHistory } from '../api';
import { AnswerControl } from '../components/answer-control';
import { DiseasesCard } from '../components/diseases-card';
import { DrugsCard } from '../components/drugs-card';
import { localText } from '../local-text';

interface Draft {
  status: MedicalRecordStatus;
  notes: string;
  answers: Record<number, { answer: MedicalAnswer | null; note: string }>;
}

const draftOf = (data: PatientMedicalHistory): Draft => ({
  status: data.status,
  notes: data.notes ?? '',
  answers: Object.fromEntries(
    data.categories.flatMap((c) => c.questions).map((q) => [q.id, { answer: q.answer, note: q.note ?? '' }]),
  ),
});

/** Field errors of a save, by question id ("answers.12" and "answers.12.answer" both land on question 12). */
function questionErrors(errors: Record<string, string>) {
  const byQuestion: Record<number, string> = {};
  for (const [path, message] of Object.entries(errors)) {
    const m = /^answers\.(\d+)/.exec(path);
    if (m) byQuestion[Number(m[1])] ??= message;
  }
  return byQuestion;
}

const questionElementId = (id: number) => `medical-question-${id}`;

/**
 * Tab 2 of the patient file: the record status and notes, the questionnaire by category (Yes/No, single and
 * multi choice, a note per answer, required marks, the question's error under it), then the diseases and drugs.
 */
export default function MedicalHistoryTab({ patientId }: { patientId: number }) {
  const { t } = useTranslation('medical');
  const query = usePatientMedicalHistory(patientId);
  const save = useSavePatientMedicalHistory();
  const editable = useCan(MEDICAL_WRITE_KEYS);
  const [draft, setDraft] = useState<Draft | null>(null);
  const [dirty, setDirty] = useState(false);
  const [errors, setErrors] = useState<Record<number, string>>({});
  const [recordErrors, setRecordErrors] = useState<Record<string, string>>({});
  const data = query.data;

  // the saved record, unless the user is editing it (a disease added meanwhile must not undo the answers typed)
  useEffect(() => {
    if (data && !dirty) setDraft(draftOf(data));
  }, [data, dirty]);

  if (query.isLoading || !data || !draft) return <Skeleton active paragraph={{ rows: 8 }} />;
  const questions = data.categories.flatMap((c) => c.questions);

  const change = (next: Partial<Draft>) => {
    setDraft({ ...draft, ...next });
    setDirty(true);
  };
  const setAnswer = (q: PatientMedicalQuestion, patch: Partial<Draft['answers'][number]>) => {
    change({ answers: { ...draft.answers, [q.id]: { ...draft.answers[q.id]!, ...patch } } });
    if (errors[q.id] && 'answer' in patch) setErrors(({ [q.id]: _, ...rest }) => rest);
  };

  const showErrors = (byQuestion: Record<number, string>) => {
    setErrors(byQuestion);
    const first = questions.find((q) => byQuestion[q.id]);
    if (first)
      document.getElementById(questionElementId(first.id))?.scrollIntoView({ block: 'center', behavior: 'smooth' });
  };

  const submit = async () => {
    const problems: Record<number, string> = {};
    for (const q of questions) {
      const problem = answerProblem(q, draft.answers[q.id]?.answer);
      if (problem) problems[q.id] = fieldErrorText(problem);
    }
    setRecordErrors({});
    if (Object.keys(problems).length) {
      showErrors(problems);
      notify.warning(t('history.fixErrors'));
      return;
    }
    try {
      await save.mutateAsync({
        patientId,
        status: draft.status,
        notes: draft.notes.trim() || null,
        answers: Object.fromEntries(
          questions.map((q) => [
            q.id,
            { answer: draft.answers[q.id]?.answer ?? null, note: draft.answers[q.id]?.note.trim() || null },
          ]),
        ),
      });
      setErrors({});
      setDirty(false);
      notify.success(t('crud.saved', { ns: 'common' }));
    } catch (error) {
      if (isApiError(error) && error.body.errors) {
        showErrors(questionErrors(error.body.errors));
        setRecordErrors(error.body.errors);
      }
      if (isApiError(error)) notify.warning(error.message);
    }
  };

  const saveButton = editable && (
    <Button type="primary" icon={<SaveOutlined />} loading={save.isPending} onClick={() => void submit()}>
      {t('history.save')}
    </Button>
  );

  return (
    <Flex vertical gap="middle">
      <Card
        size="small"
        title={t('history.record')}
        extra={
          <Flex gap="small" align="center">
            {dirty && <Tag color="orange">{t('history.unsaved')}</Tag>}
            {data.updatedAt && (
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {t('history.updatedAt', { date: formatDateTime(data.updatedAt) })}
              </Typography.Text>
            )}
          </Flex>
        }
      >
        <Form layout="vertical" disabled={!editable || save.isPending}>
          <Row gutter={16}>
            <Col xs={24} md={8}>
              <Form.Item
                label={t('history.status')}
                validateStatus={recordErrors.status ? 'error' : undefined}
                help={recordErrors.status}
              >
                <Select
                  aria-label={t('history.status')}
                  value={draft.status}
                  onChange={(status: MedicalRecordStatus) => change({ status })}
                  options={MEDICAL_RECORD_STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) }))}
                />
              </Form.Item>
            </Col>
            <Col xs={24} md={16}>
              <Form.Item
                label={t('history.notes')}
                validateStatus={recordErrors.notes ? 'error' : undefined}
                help={recordErrors.notes}
              >
                <Input.TextArea
                  aria-label={t('history.notes')}
                  value={draft.notes}
                  onChange={(e) => change({ notes: e.target.value })}
                  placeholder={t('history.notesPlaceholder')}
                  maxLength={2000}
                  autoSize={{ minRows: 1, maxRows: 4 }}
                />
              </Form.Item>
            </Col>
          </Row>
        </Form>
      </Card>

      <Row gutter={[16, 16]}>
        <Col xs={24} xl={14}>
          <Card size="small" title={t('history.questionnaire')} extra={saveButton}>
            {data.categories.length === 0 ? (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('history.noQuestions')} />
            ) : (
              <Form layout="vertical" disabled={!editable || save.isPending} requiredMark>
                {data.categories.map((category) => (
                  <section key={category.id} aria-label={localText(category.nameAr, category.nameEn, category.nameFr)}>
                    <Typography.Title level={5} style={{ marginBlock: '8px 12px' }}>
                      {localText(category.nameAr, category.nameEn, category.nameFr)}
                    </Typography.Title>
                    {category.questions.map((q) => {
                      const value = draft.answers[q.id] ?? { answer: null, note: '' };
                      const text = localText(q.textAr, q.textEn, q.textFr);
                      return (
                        <div key={q.id} id={questionElementId(q.id)} data-question={q.id}>
                          <Form.Item
                            required={q.answerRequired}
                            label={
                              <Flex gap={6} align="center">
                                <span>{text}</span>
                                {q.isAlert && (
                                  <Tooltip title={t('history.alertQuestion')}>
                                    <WarningOutlined
                                      style={{ color: '#fa541c' }}
                                      aria-label={t('history.alertQuestion')}
                                    />
                                  </Tooltip>
                                )}
                              </Flex>
                            }
                            style={{ marginBlockEnd: 16 }}
                          >
                            <Flex gap="small" wrap align="center">
                              <AnswerControl
                                question={q}
                                value={value.answer}
                                onChange={(answer) => setAnswer(q, { answer })}
                              />
                              {value.answer && !q.answerRequired && editable && (
                                <Button type="link" size="small" onClick={() => setAnswer(q, { answer: null })}>
                                  {t('history.clear')}
                                </Button>
                              )}
                              <Input
                                size="small"
                                aria-label={`${t('history.note')}: ${text}`}
                                placeholder={t('history.notePlaceholder')}
                                value={value.note}
                                maxLength={500}
                                onChange={(e) => setAnswer(q, { note: e.target.value })}
                                style={{ flex: '1 1 180px', maxWidth: 320 }}
                              />
                            </Flex>
                            {errors[q.id] && (
                              <Typography.Text
                                type="danger"
                                role="alert"
                                style={{ display: 'block', marginBlockStart: 4 }}
                              >
                                {errors[q.id]}
                              </Typography.Text>
                            )}
                          </Form.Item>
                        </div>
                      );
                    })}
                  </section>
                ))}
                {Object.keys(errors).length > 0 && (
                  <Alert type="error" showIcon message={t('history.fixErrors')} style={{ marginBlockEnd: 12 }} />
                )}
                <Flex justify="end">{saveButton}</Flex>
              </Form>
            )}
          </Card>
        </Col>
        <Col xs={24} xl={10}>
          <Flex vertical gap="middle">
            <DiseasesCard patientId={patientId} diseases={data.diseases} editable={editable} />
            <DrugsCard patientId={patientId} drugs={data.drugs} editable={editable} />
          </Flex>
        </Col>
      </Row>
    </Flex>
  );
}
