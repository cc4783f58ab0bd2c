import { ArrowLeftOutlined, ArrowRightOutlined, EditOutlined } from '@ant-design/icons';
import { Button, Card, Descriptions, Flex, Skeleton, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { formatDateTime } from '../../../lib/format';
import { useSupportRequest } from '../api';
import { CommentsSection } from '../components/comments-section';
import { KindTag } from '../components/kind-tag';
import { RequestNotFound } from '../components/request-not-found';
import { FEATURES_PATH, SUPPORT_PATH } from '../components/requests-nav';
import { StatusTag } from '../components/status-tag';
import { VoteButton } from '../components/vote-button';

/** /RequestDetails/:ID?: one request with its status, votes and comments. */
export default function RequestDetailsPage() {
  const { t, i18n } = useTranslation('support');
  const { t: tc } = useTranslation();
  const navigate = useNavigate();
  const { ID } = useParams();
  const id = ID && /^\d+$/.test(ID) ? Number(ID) : undefined;
  const request = useSupportRequest(id);

  if (!id) return <RequestNotFound />;
  if (request.isLoading)
    return (
      <Card>
        <Skeleton active />
      </Card>
    );
  if (request.isError || !request.data) return <RequestNotFound />;
  const r = request.data;
  const BackIcon = i18n.dir() === 'rtl' ? ArrowRightOutlined : ArrowLeftOutlined;
  const listPath = r.kind === 'feature' ? FEATURES_PATH : SUPPORT_PATH;

  return (
    <Card style={{ maxWidth: 960 }}>
      <Flex justify="space-between" align="center" wrap gap="small" style={{ marginBlockEnd: 8 }}>
        <Button type="link" icon={<BackIcon />} onClick={() => navigate(listPath)} style={{ paddingInline: 0 }}>
          {t(`${r.kind}.title`)}
        </Button>
        {r.canEdit && (
          <Button icon={<EditOutlined />} onClick={() => navigate(`/SaveSupportRequest/${r.id}`)}>
            {tc('actions.edit')}
          </Button>
        )}
      </Flex>
      <Flex justify="space-between" align="start" gap="middle" wrap>
        <Space orientation="vertical" size={4} style={{ minWidth: 0, flex: 1 }}>
          <Typography.Title level={3} style={{ margin: 0 }}>
            <bdi>{r.title}</bdi>
          </Typography.Title>
          <Space size="small" wrap>
            <KindTag kind={r.kind} />
            <StatusTag status={r.status} />
          </Space>
        </Space>
        <Flex vertical align="center" gap={4}>
          <VoteButton id={r.id} count={r.voteCount} voted={r.votedByMe} title={r.title} />
          <Typography.Text type="secondary">{t('columns.votes')}</Typography.Text>
        </Flex>
      </Flex>
      <Descriptions size="small" column={{ xs: 1, sm: 2 }} style={{ marginBlock: 16 }}>
        <Descriptions.Item label={t('columns.author')}>
          {r.authorName ?? t('otherClinicUser')}
          {r.authorClinic && <Typography.Text type="secondary">&nbsp;· {r.authorClinic}</Typography.Text>}
        </Descriptions.Item>
        <Descriptions.Item label={t('columns.createdAt')}>{formatDateTime(r.createdAt)}</Descriptions.Item>
      </Descriptions>
      <Typography.Paragraph dir="auto" style={{ whiteSpace: 'pre-wrap', fontSize: 15 }}>
        {r.body}
      </Typography.Paragraph>
      <CommentsSection requestId={r.id} comments={r.comments} />
    </Card>
  );
}
