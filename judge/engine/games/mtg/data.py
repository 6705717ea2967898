"""Small reference lists the rules refer to but the (truncated) 2006 book does not contain.

The book stops at 502.5b, so its glossary's list of creature types is missing;
212.1e needs one to check a "choose a creature type" answer. This is the
subset used by the scenarios plus common types, in the translation's terms.
"""
from functools import lru_cache

_CREATURE_TYPES = (
    "人类 士兵 鬼怪 魔法师 人鱼 熊 精灵 巨人 龙 天使 恶魔 殭尸 骷髅 元素 野兽 狼 鸟 植物 腐生物 索尔兽 魔像 墙 蜘蛛 "
    "虫 猫 狗 德鲁伊 战士 僧侣 浪客 牧师 骑士 矮人 食人魔 兽人 蛇 鱼 鬼魅 吸血鬼 树妖 半人马 牛头怪 幽灵 小精灵 "
    "巫妖 萨尔玛 鹰 蜥蜴 狐 灵 鼠 猿 大象 犀牛 猪 马 羊 河马 鳄鱼 史莱姆 幻影 梦魇 影 凤凰 九头蛇 奇美拉 海蛇 "
    "利维坦 蛇发女妖 章鱼 螃蟹 乌龟 青蛙 蝙蝠 蚂蚁 蜜蜂 甲虫 蝎子 人马 祭司 术士 野蛮人 法术师 刺客 弓箭手 斥候 顾问 工匠"
)


@lru_cache(maxsize=1)
def creature_types() -> frozenset:
    return frozenset(_CREATURE_TYPES.split())
