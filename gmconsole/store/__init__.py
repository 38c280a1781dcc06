"""gmconsole.store: the campaign folder <-> models, and the Session that changes a campaign.

Public names: `Session`, `Target`, `Campaign`, `Problem`, `CampaignError`, `ReadOnlyError`,
`StoreError`, `create_campaign`, `check_campaign`. The folder format is described in
DESIGN.md section 3 and in the docstrings of `folder`, `models`, `log`, `lock`, `migrations`.
"""

from gmconsole.store.campaigns import check_campaign, create_campaign
from gmconsole.store.models import Campaign
from gmconsole.store.problems import CampaignError, Problem, ReadOnlyError
from gmconsole.store.session import Session, Target
from gmconsole.store.state import StoreError

__all__ = [
    "Campaign",
    "CampaignError",
    "Problem",
    "ReadOnlyError",
    "Session",
    "StoreError",
    "Target",
    "check_campaign",
    "create_campaign",
]
