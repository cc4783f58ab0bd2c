import { BranchesOutlined } from '@ant-design/icons';
import { authCalls } from '@dental/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { EmptyState } from 'components/empty-state';
import { useCall } from 'lib/query';
import { setBranch, useSession } from 'lib/session';

/** The branch the user works in (Bid header); switching refreshes every query. */
export function BranchSwitcher({ block = false }: { block?: boolean }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const session = useSession();
  const branches = useCall(authCalls.getClinicBranches, {}, { staleTime: 5 * 60_000, silent: true });

  const items = branches.data?.items ?? [];
  const value = items.some((b) => b.branchId === session?.branchId) ? (session?.branchId ?? undefined) : undefined;

  const onChange = async (id: number) => {
    setBranch(id);
    await queryClient.invalidateQueries();
  };

  return (
    <Select<number>
      className="branch-switcher"
      style={block ? { width: '100%' } : undefined}
      aria-label={t('header.branch')}
      placeholder={t('header.branch')}
      prefix={<BranchesOutlined />}
      value={value}
      loading={branches.isLoading}
      onChange={onChange}
      popupMatchSelectWidth={false}
      notFoundContent={<EmptyState compact description={t('header.noBranches')} />}
      options={items.map((b) => ({ value: b.branchId, label: b.name }))}
      variant="filled"
    />
  );
}
