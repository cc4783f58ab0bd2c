import { LikeFilled, LikeOutlined } from '@ant-design/icons';
import { Button, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../../lib/format';
import { useVoteForRequest } from '../api';

/** The caller's vote on a request with the count: a click votes, a second click takes the vote back. */
export function VoteButton({ id, count, voted, title }: { id: number; count: number; voted: boolean; title: string }) {
  const { t } = useTranslation('support');
  const vote = useVoteForRequest();
  const label = voted ? t('vote.remove', { title }) : t('vote.add', { title });
  return (
    <Tooltip title={voted ? t('vote.removeHint') : t('vote.addHint')}>
      <Button
        type={voted ? 'primary' : 'default'}
        icon={voted ? <LikeFilled /> : <LikeOutlined />}
        loading={vote.isPending}
        aria-pressed={voted}
        aria-label={label}
        onClick={() => vote.mutate({ id })}
      >
        <span data-testid="vote-count">{formatNumber(count)}</span>
      </Button>
    </Tooltip>
  );
}
