/**
 * A small ordinary vault, as a person has before the plugin: notes in their own folders, some with tags, aliases
 * and a description, links between them, one daily note, no knowledge folder and no .obsidian settings.
 */
export function ordinaryVaultFiles(): Record<string, string> {
  return {
    "Projects/Garden irrigation.md":
      "---\ntags: [garden, water]\naliases: [Drip system]\n---\n# Garden irrigation\n\nThe drip lines run for twenty minutes at six in the morning; the timer sits by the shed.\n\n## Winter shutdown\n\nDrain the lines before the first frost and store the timer indoors. See [[Frost dates]].\n\n## Parts\n\n- 16 mm pipe\n- pressure regulator, see [[Hardware store]]\n",
    "Reference/Frost dates.md":
      "# Frost dates\n\nThe last spring frost here is around mid April; the first autumn frost comes in late October.\n\nPlan the [[Garden irrigation]] shutdown for the week before.\n",
    "Reference/Hardware store.md":
      "---\ndescription: Where to buy pipe fittings and tools in town.\n---\n# Hardware store\n\n```\nopening hours 8-18\n```\n\nThe shop on Mill Road keeps drip fittings and regulators.\n",
    "Cooking/Sourdough starter.md":
      "---\ntags: [baking]\n---\n# Sourdough starter\n\nFeed the starter once a day with equal weights of flour and water; keep it at room temperature.\n\n## Reviving a neglected starter\n\nDiscard all but a spoonful and feed twice a day for three days.\n\nRelated: [[Bread schedule]]\n",
    "Cooking/Bread schedule.md":
      "# Bread schedule\n\nMix the dough in the evening, shape in the morning, bake at 240 degrees for forty minutes.\nUses the [[Sourdough starter]].\n",
    "Cooking/Pancakes.md": "# Pancakes\n\nTwo eggs, a cup of flour, a cup of milk; rest the batter for ten minutes.\n",
    "Travel/Packing list.md":
      "# Packing list\n\n- passport\n- charger\n- rain jacket\n\n## Before leaving\n\nWater the garden and set the [[Garden irrigation]] timer.\n",
    "Travel/Train to the coast.md": "# Train to the coast\n\nThe early train leaves at 7:10 and needs a seat reservation in summer.\n",
    "Health/Running plan.md":
      "---\ntags: [health]\n---\n# Running plan\n\nThree runs a week: one long, one tempo, one easy. Rest after the long run.\n\n## Shoes\n\nReplace running shoes every 700 km.\n",
    "Health/Sleep.md": "# Sleep\n\nNo screens after ten; the bedroom stays cool. A short walk helps after a late [[Running plan|run]].\n",
    "2026-03-02.md": "# 2026-03-02\n\nCalled about the regulator; the store has it on Friday.\n",
    "Inbox.md": "Things to sort: a recipe for flatbread, the bike's brake pads.\n",
  };
}
