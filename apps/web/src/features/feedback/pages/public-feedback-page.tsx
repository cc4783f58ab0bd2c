import type { FeedbackForm } from '@dental/contract';
import { Alert, Button, Card, Flex, Form, Input, Radio, Result, Skeleton, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { LanguageMenu } from 'app/shell/language-menu';
import { formatDate } from '../../../lib/format';
import { useFeedbackForm, useSaveFeedbackAnswers } from '../api';

type Values = Record<string, string | number | undefined>;

/**
 * /feedback/<token>: the feedback form of one visit (no login), in the language the patient picks. It shows only the
 * clinic's name, the visit's day and doctor and the questions; a visit answers once; a bad link says so.
 */
export default function PublicFeedbackPage() {
  const { token = '' } = useParams();
  const { t } = useTranslation('feedback');
  const form = useFeedbackForm(token);
  const save = useSaveFeedbackAnswers();
  const [sent, setSent] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const submit = async (values: Values, questions: FeedbackForm['questions']) => {
    setError(null);
    const answers = questions.flatMap((q) => {
      const v = values[`q${q.id}`];
      if (v === undefined || v === '') return [];
      return [q.questionType === 'choice' ? { questionId: q.id, choice: Number(v) } : { questionId: q.id, text: String(v) }];
    });
    if (!answers.length) return setError(t('public.answerOne'));
    try {
      await save.mutateAsync({ token, answers });
      setSent(true);
    } catch (e) {
      setError((e as Error).message);
    }
  };

  return (
    <main style={{ maxWidth: 640, margin: '0 auto', padding: 16 }}>
      <Flex justify="flex-end" style={{ marginBlockEnd: 8 }}>
        <LanguageMenu showLabel />
      </Flex>
      {form.isError ? (
        <Card>
          <Result status="404" title={t('public.invalidTitle')} subTitle={form.error.message} />
        </Card>
      ) : !form.data ? (
        <Card aria-label={t('public.loading')}>
          <Skeleton active paragraph={{ rows: 6 }} />
        </Card>
      ) : sent || form.data.answered ? (
        <Card>
          <Result status="success" title={t('public.thanks')} subTitle={form.data.clinicName} />
        </Card>
      ) : (
        <Card>
          <Typography.Title level={3} style={{ marginBlockStart: 0 }}>
            {t('public.title', { clinic: form.data.clinicName })}
          </Typography.Title>
          <Typography.Paragraph type="secondary">
            {form.data.doctorName
              ? t('public.visitWith', { date: formatDate(form.data.date), doctor: form.data.doctorName })
              : t('public.visit', { date: formatDate(form.data.date) })}
          </Typography.Paragraph>
          <Form layout="vertical" onFinish={(values: Values) => submit(values, form.data!.questions)}>
            {form.data.questions.map((q) => (
              <Form.Item key={q.id} name={`q${q.id}`} label={q.text}>
                {q.questionType === 'choice' ? (
                  <Radio.Group>
                    <Space direction="vertical">
                      {q.options.map((o, i) => (
                        <Radio key={i} value={i}>
                          {o}
                        </Radio>
                      ))}
                    </Space>
                  </Radio.Group>
                ) : (
                  <Input.TextArea rows={3} maxLength={2000} />
                )}
              </Form.Item>
            ))}
            {error && <Alert type="error" showIcon title={error} style={{ marginBlockEnd: 16 }} />}
            <Button type="primary" htmlType="submit" loading={save.isPending} block>
              {t('public.send')}
            </Button>
          </Form>
        </Card>
      )}
    </main>
  );
}
