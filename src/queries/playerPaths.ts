import { getTeams, type Team } from './teams';
import { getSquad, type Player } from './players';

/** Every player with their team and squad neighbours, for the /players routes. */
export async function playerPages(): Promise<{ player: Player; team: Team; previous: Player | null; next: Player | null }[]> {
  const teams = await getTeams();
  const lists = await Promise.all(
    teams.map(async (team) => {
      const squad = await getSquad(team.slug);
      return squad.map((player, i) => ({ player, team, previous: squad[i - 1] ?? null, next: squad[i + 1] ?? null }));
    }),
  );
  return lists.flat();
}
